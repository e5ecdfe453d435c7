import { Datagrid, TextField } from 'react-admin';
import { DayField } from '../fields/DayField';
import { ResourceList } from '../lists/ResourceList';

/** The jobs, newest date first. */
export default function KlusList() {
  return (
    <ResourceList sort={{ field: 'datum', order: 'DESC' }}>
      <Datagrid bulkActionButtons={false}>
        <DayField source="datum" />
        <TextField source="tijd" />
        <TextField source="categorie" />
        <TextField source="beschrijving" />
        <TextField source="woonplaats" />
        <TextField source="status" />
      </Datagrid>
    </ResourceList>
  );
}
