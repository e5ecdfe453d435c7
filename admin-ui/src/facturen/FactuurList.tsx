import { Datagrid, TextField } from 'react-admin';
import { DayField } from '../fields/DayField';
import { EuroField } from '../fields/EuroField';
import { ResourceList } from '../lists/ResourceList';

/** The invoices, newest first. */
export default function FactuurList() {
  return (
    <ResourceList sort={{ field: 'datum', order: 'DESC' }}>
      <Datagrid bulkActionButtons={false}>
        <TextField source="factuurnummer" />
        <DayField source="datum" />
        <TextField source="klant_naam" />
        <EuroField source="totaal_bedrag_cents" />
        <TextField source="betaal_methode" />
      </Datagrid>
    </ResourceList>
  );
}
