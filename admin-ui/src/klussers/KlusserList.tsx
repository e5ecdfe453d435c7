import { BooleanField, Datagrid, NumberField, TextField } from 'react-admin';
import { ResourceList } from '../lists/ResourceList';

/** The handymen by name. */
export default function KlusserList() {
  return (
    <ResourceList sort={{ field: 'naam', order: 'ASC' }}>
      <Datagrid bulkActionButtons={false}>
        <TextField source="naam" />
        <TextField source="email" />
        <TextField source="telefoon" />
        <NumberField source="gemiddelde_beoordeling" options={{ maximumFractionDigits: 1 }} />
        <NumberField source="totaal_uren" />
        <BooleanField source="actief" />
      </Datagrid>
    </ResourceList>
  );
}
