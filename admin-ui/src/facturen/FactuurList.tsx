import { Datagrid, List, TextField } from 'react-admin';
import { DayField } from '../fields/DayField';
import { EuroField } from '../fields/EuroField';

/** The invoices, newest first. */
export default function FactuurList() {
  return (
    <List sort={{ field: 'datum', order: 'DESC' }} exporter={false}>
      <Datagrid bulkActionButtons={false}>
        <TextField source="factuurnummer" />
        <DayField source="datum" />
        <TextField source="klant_naam" />
        <EuroField source="totaal_bedrag_cents" />
        <TextField source="betaal_methode" />
      </Datagrid>
    </List>
  );
}
