import { Datagrid, List, TextField } from 'react-admin';
import { DayField } from '../fields/DayField';

/** The jobs, newest date first. */
export default function KlusList() {
  return (
    <List sort={{ field: 'datum', order: 'DESC' }} exporter={false}>
      <Datagrid bulkActionButtons={false}>
        <DayField source="datum" />
        <TextField source="tijd" />
        <TextField source="categorie" />
        <TextField source="beschrijving" />
        <TextField source="woonplaats" />
        <TextField source="status" />
      </Datagrid>
    </List>
  );
}
