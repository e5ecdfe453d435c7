import { Datagrid, List, NumberField, TextField } from 'react-admin';
import { DayField } from '../fields/DayField';

/** The work orders, newest first. */
export default function WerkbonList() {
  return (
    <List sort={{ field: 'created_at', order: 'DESC' }} exporter={false}>
      <Datagrid bulkActionButtons={false}>
        <DayField source="created_at" />
        <TextField source="status" />
        <NumberField source="uren" />
        <NumberField source="tevredenheid_score" />
      </Datagrid>
    </List>
  );
}
