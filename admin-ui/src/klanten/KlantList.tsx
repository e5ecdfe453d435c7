import { Datagrid, NumberField, TextField } from 'react-admin';
import { DayField } from '../fields/DayField';
import { ResourceList } from '../lists/ResourceList';

/** The customers, the one with the latest job first. */
export default function KlantList() {
  return (
    <ResourceList sort={{ field: 'laatste_klus', order: 'DESC' }}>
      <Datagrid bulkActionButtons={false}>
        <TextField source="email" />
        <TextField source="telefoon" />
        <TextField source="woonplaats" />
        <NumberField source="aantal_klussen" />
        <DayField source="laatste_klus" />
      </Datagrid>
    </ResourceList>
  );
}
