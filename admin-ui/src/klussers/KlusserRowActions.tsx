import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Box, IconButton, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useDelete, useNotify } from 'react-admin';
import type { ListItem } from '@klusmaat/shared-ui/api/types';
import { useAction } from '../api/useAction';
import { recordError } from '../lists/recordErrors';
import { RemovalConfirms, type Removal } from '../lists/RemovalConfirms';

type Klusser = ListItem<'/api/v1/klussers'>;

/**
 * The row menu of the admin's klussers (document 001 section 2): Archiveren (disabled for an
 * inactive klusser) and Verwijderen, each behind section 8's warning; the same kind of menu as the
 * customers' rows.
 */
export function KlusserRowActions({ klusser }: { klusser: Klusser }) {
  const notify = useNotify();
  const archive = useAction('archiveKlusser');
  const [remove] = useDelete<Klusser>();
  const [confirm, setConfirm] = useState<Removal | null>(null);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const ask = (kind: Removal) => {
    setAnchor(null);
    setConfirm(kind);
  };

  const run = async (kind: Removal) => {
    setConfirm(null);
    if (kind === 'archive') {
      await archive.run({ id: String(klusser.id) }, { success: 'Klusser gearchiveerd' });
      return;
    }
    const fout = 'Fout bij verwijderen klusser';
    try {
      await remove('klussers', { id: klusser.id, previousData: klusser }, { mutationMode: 'pessimistic', returnPromise: true });
      notify('Klusser permanent verwijderd', { type: 'success' });
    } catch (e) {
      const { message } = recordError(e);
      notify(message ? `${fout}: ${message}` : fout, { type: 'error' });
    }
    // The klusser also leaves the totals, the jobs' candidates and the board: api/queryClient.ts.
  };

  return (
    <Box>
      <IconButton aria-label={`Acties voor ${klusser.naam}`} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem disabled={!klusser.actief} onClick={() => ask('archive')}>
          Archiveren
        </MenuItem>
        <MenuItem onClick={() => ask('delete')} sx={{ color: 'error.main' }}>
          Verwijderen
        </MenuItem>
      </Menu>
      <RemovalConfirms
        asking={confirm}
        archive={{ title: `${klusser.naam} archiveren?`, content: 'De klusser wordt inactief en verdwijnt van de website. Alle gegevens blijven bewaard.' }}
        remove={{
          title: `${klusser.naam} permanent verwijderen?`,
          content:
            'Dit kan niet ongedaan worden gemaakt. Het profiel, de werkbonnen, de toewijzingen aan klussen en de inloggegevens van deze klusser worden verwijderd. Verstuurde facturen blijven bewaard.',
        }}
        onConfirm={(kind) => void run(kind)}
        onClose={() => setConfirm(null)}
      />
    </Box>
  );
}
