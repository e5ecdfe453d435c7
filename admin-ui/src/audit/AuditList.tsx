import { Box, Typography } from '@mui/material';
import { Datagrid, DateInput, FunctionField, TextInput } from 'react-admin';
import { SelectInput } from '../fields/SelectInput';
import type { ListItem } from '@klusmaat/shared-ui/api/types';
import { momentNl } from '../fields/dates';
import { ListHeader } from '../lists/ListHeader';
import { ResourceList } from '../lists/ResourceList';
import { ACTION_CHOICES, actionLabel, auditDiff } from './diff';

type Entry = ListItem<'/api/v1/audit'>;

const FILTERS = [
  <TextInput key="q" source="q" label="Wie (naam of e-mail)" alwaysOn resettable />,
  <SelectInput key="action" source="action" label="Wat" choices={ACTION_CHOICES} alwaysOn emptyText="Alle acties" />,
  <TextInput key="entity_id" source="entity_id" label="Klus-id (geschiedenis van één klus)" alwaysOn resettable />,
  <DateInput key="van" source="van" label="Vanaf" alwaysOn />,
  <DateInput key="tot" source="tot" label="Tot en met" alwaysOn />,
];

/**
 * The audit log (D22), /admin/audit: who changed what and when, with before and after, newest
 * first; filters on who, what, when and one job's history. Read-only: the log is written by the
 * database transactions that made the changes.
 */
export default function AuditList() {
  return (
    <ResourceList title="Auditlog" sort={{ field: 'occurred_at', order: 'DESC' }} filters={FILTERS} actions={false}>
      <ListHeader title="Auditlog" />
      <Datagrid bulkActionButtons={false} rowClick={false} empty={<Typography sx={{ p: 3 }}>Geen wijzigingen gevonden</Typography>}>
        <FunctionField<Entry> source="occurred_at" label="Wanneer" render={(e) => momentNl(e.occurred_at)} />
        <FunctionField<Entry>
          label="Wie"
          sortable={false}
          render={(e) => (
            <>
              {e.actor_naam ?? e.actor_email ?? 'Systeem'}
              <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
                {e.actor_role}
              </Typography>
            </>
          )}
        />
        <FunctionField<Entry> label="Wat" sortable={false} render={(e) => actionLabel(e.action)} />
        <FunctionField<Entry> label="Waarvan" sortable={false} render={(e) => `${e.entity} ${e.entity_id.slice(0, 8)}`} />
        <FunctionField<Entry> label="Regio" sortable={false} render={(e) => e.regio ?? '—'} />
        <FunctionField<Entry>
          label="Wijziging"
          sortable={false}
          render={(e) => (
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {auditDiff(e.before, e.after).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </Box>
          )}
        />
      </Datagrid>
    </ResourceList>
  );
}
