import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, useNotify, useRefresh } from 'react-admin';
import type { ListItem } from '@shared-api-types';
import { ActionError, callApi } from '../api/action';

type Klusser = ListItem<'/api/v1/klussers'>;

/**
 * The row menu of the admin's klussers (document 001 section 2): Archiveren (not for an inactive
 * klusser) and Verwijderen, each behind section 8's warning.
 */
export function KlusserRowActions({ klusser }: { klusser: Klusser }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirm, setConfirm] = useState<'archive' | 'delete' | null>(null);

  const run = async (kind: 'archive' | 'delete') => {
    setConfirm(null);
    const fout = kind === 'archive' ? 'Fout bij archiveren klusser' : 'Fout bij verwijderen klusser';
    try {
      const answer =
        kind === 'archive'
          ? await callApi(`/api/v1/klussers/${klusser.id}/archive`, { method: 'POST' }, fout)
          : await callApi(`/api/v1/klussers/${klusser.id}`, { method: 'DELETE' }, fout);
      notify(answer.message || (kind === 'archive' ? 'Klusser gearchiveerd' : 'Klusser permanent verwijderd'), { type: 'success' });
      refresh();
    } catch (e) {
      notify(e instanceof ActionError ? `${fout}: ${e.message}` : fout, { type: 'error' });
    }
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button variant="outlined" disabled={!klusser.actief} onClick={() => setConfirm('archive')} aria-label={`Archiveren: ${klusser.naam}`}>
        Archiveren
      </Button>
      <Button variant="outlined" color="error" onClick={() => setConfirm('delete')} aria-label={`Verwijderen: ${klusser.naam}`}>
        Verwijderen
      </Button>
      <Confirm
        isOpen={confirm === 'archive'}
        title={`${klusser.naam} archiveren?`}
        content="De klusser wordt inactief en verdwijnt van de website. Alle gegevens blijven bewaard."
        confirm="Archiveren"
        cancel="Annuleren"
        onConfirm={() => void run('archive')}
        onClose={() => setConfirm(null)}
      />
      <Confirm
        isOpen={confirm === 'delete'}
        title={`${klusser.naam} permanent verwijderen?`}
        content="Dit kan niet ongedaan worden gemaakt. Het profiel, de werkbonnen, de toewijzingen aan klussen en de inloggegevens van deze klusser worden verwijderd. Verstuurde facturen blijven bewaard."
        confirm="Permanent verwijderen"
        cancel="Annuleren"
        confirmColor="warning"
        onConfirm={() => void run('delete')}
        onClose={() => setConfirm(null)}
      />
    </Box>
  );
}
