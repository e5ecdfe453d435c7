import { Datagrid, NumberField, TextField } from 'react-admin';
import { DayField } from '../fields/DayField';
import { ResourceList } from '../lists/ResourceList';

/** The applications, newest first. */
export default function AanmeldingList() {
  return (
    <ResourceList sort={{ field: 'created_at', order: 'DESC' }}>
      <Datagrid bulkActionButtons={false}>
        <TextField source="naam" />
        <NumberField source="leeftijd" />
        <TextField source="woonplaats" />
        <TextField source="telefoon" />
        <TextField source="status" />
        <DayField source="created_at" />
      </Datagrid>
    </ResourceList>
  );
}
