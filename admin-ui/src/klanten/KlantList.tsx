import { Datagrid, List, NumberField, TextField } from 'react-admin';
import { DayField } from '../fields/DayField';

/** The customers, the one with the latest job first. */
export default function KlantList() {
  return (
    <List sort={{ field: 'laatste_klus', order: 'DESC' }} exporter={false}>
      <Datagrid bulkActionButtons={false}>
        <TextField source="email" />
        <TextField source="telefoon" />
        <TextField source="woonplaats" />
        <NumberField source="aantal_klussen" />
        <DayField source="laatste_klus" />
      </Datagrid>
    </List>
  );
}
