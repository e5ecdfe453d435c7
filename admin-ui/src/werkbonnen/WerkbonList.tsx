import { Datagrid, NumberField, TextField } from 'react-admin';
import { DayField } from '../fields/DayField';
import { ResourceList } from '../lists/ResourceList';

/** The work orders, newest first. */
export default function WerkbonList() {
  return (
    <ResourceList sort={{ field: 'created_at', order: 'DESC' }}>
      <Datagrid bulkActionButtons={false}>
        <DayField source="created_at" />
        <TextField source="status" />
        <NumberField source="uren" />
        <NumberField source="tevredenheid_score" />
      </Datagrid>
    </ResourceList>
  );
}
