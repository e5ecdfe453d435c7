import { BooleanField, Datagrid, List, NumberField, TextField } from 'react-admin';

/** The handymen by name. */
export default function KlusserList() {
  return (
    <List sort={{ field: 'naam', order: 'ASC' }} exporter={false}>
      <Datagrid bulkActionButtons={false}>
        <TextField source="naam" />
        <TextField source="email" />
        <TextField source="telefoon" />
        <NumberField source="gemiddelde_beoordeling" options={{ maximumFractionDigits: 1 }} />
        <NumberField source="totaal_uren" />
        <BooleanField source="actief" />
      </Datagrid>
    </List>
  );
}
