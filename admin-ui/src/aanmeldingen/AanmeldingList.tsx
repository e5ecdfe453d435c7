import { Datagrid, List, NumberField, TextField } from 'react-admin';
import { DayField } from '../fields/DayField';

/** The applications, newest first. */
export default function AanmeldingList() {
  return (
    <List sort={{ field: 'created_at', order: 'DESC' }} exporter={false}>
      <Datagrid bulkActionButtons={false}>
        <TextField source="naam" />
        <NumberField source="leeftijd" />
        <TextField source="woonplaats" />
        <TextField source="telefoon" />
        <TextField source="status" />
        <DayField source="created_at" />
      </Datagrid>
    </List>
  );
}
