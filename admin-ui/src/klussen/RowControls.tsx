import ArchiveIcon from '@mui/icons-material/Archive';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box, IconButton, MenuItem, TextField, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useDelete, useNotify, useRecordContext } from 'react-admin';
import { actionFailure, useAction } from '../api/useAction';
import { RemovalConfirms, type Removal } from '../lists/RemovalConfirms';
import { STATUS_CHOICES } from './status';
import type { KlusRij } from './types';

/** Clicks inside a row's controls must not open the row's details. */
const stop = (e: React.SyntheticEvent) => e.stopPropagation();

/** The status dropdown of a row: an admin may set any status (document 001 section 4). */
export function StatusSelect() {
  const row = useRecordContext<KlusRij>();
  const setStatus = useAction('setKlusStatus');
  if (row === undefined) return null;

  const change = async (status: string) => {
    if (status === row.status) return;
    // The action invalidates the jobs (api/useAction.ts): the list reads the row again.
    await setStatus.run({ id: String(row.id), status }, { success: 'Status bijgewerkt' });
  };

  return (
    <TextField
      select
      size="small"
      value={row.status}
      disabled={setStatus.isPending}
      onClick={stop}
      onChange={(e) => void change(e.target.value)}
      hiddenLabel
      // The combobox itself carries the name: the column header says Status, the name says which job.
      slotProps={{ select: { SelectDisplayProps: { 'aria-label': `Status van ${row.beschrijving}` } as React.HTMLAttributes<HTMLDivElement> } }}
      sx={{ minWidth: 124 }}
    >
      {STATUS_CHOICES.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Details, edit, archive and delete of a row, the last two behind their confirmations. */
export function RowActions({ onEdit, onDetails }: { onEdit: (id: string) => void; onDetails: (id: string) => void }) {
  const row = useRecordContext<KlusRij>();
  const notify = useNotify();
  const archive = useAction('archiveKlus');
  const [remove] = useDelete<KlusRij>();
  const [confirm, setConfirm] = useState<Removal | null>(null);
  if (row === undefined) return null;

  const run = async (kind: Removal) => {
    setConfirm(null);
    if (kind === 'archive') {
      await archive.run({ id: String(row.id) }, { success: 'Klus gearchiveerd' });
      return;
    }
    const fout = 'Fout bij verwijderen klus';
    await remove(
      'klussen',
      { id: row.id, previousData: row },
      {
        onSuccess: () => notify('Klus permanent verwijderd', { type: 'success' }),
        onError: (e) => notify(actionFailure(e, fout), { type: 'error' }),
        // React-admin refreshes the jobs lists; api/queryClient.ts the other screens of the job.
        returnPromise: true,
      },
    ).catch(() => undefined);
  };

  return (
    // Two per line: four icons side by side push the column past 1280 px.
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, auto)', justifyContent: 'start', gap: 0.5 }} onClick={stop}>
      {/* The row opens the details on a click; this button is the way for the keyboard. */}
      <Tooltip title="Details">
        <IconButton aria-label={`Details: ${row.beschrijving}`} onClick={() => onDetails(String(row.id))}>
          <VisibilityIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title="Bewerken">
        <IconButton aria-label={`Bewerken: ${row.beschrijving}`} onClick={() => onEdit(String(row.id))}>
          <EditIcon />
        </IconButton>
      </Tooltip>
      {!row.archived && (
        <Tooltip title="Archiveren">
          <IconButton aria-label={`Archiveren: ${row.beschrijving}`} onClick={() => setConfirm('archive')}>
            <ArchiveIcon />
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title="Permanent verwijderen">
        <IconButton aria-label={`Verwijderen: ${row.beschrijving}`} onClick={() => setConfirm('delete')} color="error">
          <DeleteForeverIcon />
        </IconButton>
      </Tooltip>
      <RemovalConfirms
        asking={confirm}
        archive={{
          title: 'Klus archiveren?',
          content: 'De klus verdwijnt uit de lijst en het dashboard. De gegevens blijven bewaard; met de archieffilter vindt u hem terug.',
        }}
        remove={{
          title: 'Klus permanent verwijderen?',
          content: "Dit kan niet ongedaan worden gemaakt. De klus, de werkbon, de foto's en de meldingen worden verwijderd; een factuur blijft bewaard.",
        }}
        onConfirm={(kind) => void run(kind)}
        onClose={() => setConfirm(null)}
      />
    </Box>
  );
}
