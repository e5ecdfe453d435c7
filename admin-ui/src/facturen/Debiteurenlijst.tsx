import DownloadIcon from '@mui/icons-material/Download';
import { Button, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { formatNL } from '@klusmaat/shared-ui/calendar';
import { failureText } from '../api/action';
import { useApiData } from '../api/useApiData';
import type { ConsoleDataProvider } from '../dataProvider';
import { download } from '../klanten/csv';
import { uitgeverNaam, type Uitgever } from './uitgevers';

const FOUT = 'Fout bij downloaden debiteurenlijst';

/**
 * 'Debiteurenlijst (CSV)': per business that issues invoices (D28), every invoice with money still
 * open, oldest first, as the server writes it (GET /api/v1/facturen/debiteuren.csv?uitgever=…). One
 * business: one button; more: the button opens a menu of them. A franchise owner gets the
 * businesses the server shows it, with its regions' invoices only.
 */
export function Debiteurenlijst() {
  const { data: uitgevers } = useApiData<Uitgever[]>('/api/v1/factuur-uitgevers?per_page=100');
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const [anker, setAnker] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);

  const downloaden = async (u: Uitgever) => {
    setAnker(null);
    setBusy(true);
    try {
      const csv = await dataProvider.readText(`/api/v1/facturen/debiteuren.csv?uitgever=${encodeURIComponent(u.id)}`, 'text/csv', FOUT);
      download(`debiteuren-${u.id}-${formatNL(Date.now(), 'yyyy-MM-dd')}.csv`, csv);
      notify(`Debiteurenlijst van ${u.naam} gedownload`, { type: 'success' });
    } catch (e) {
      notify(failureText(e, FOUT), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  if (uitgevers === undefined || uitgevers.length === 0) return null;
  const [enige] = uitgevers;
  if (uitgevers.length === 1 && enige !== undefined) {
    return (
      <Button variant="outlined" size="large" startIcon={<DownloadIcon />} disabled={busy} onClick={() => void downloaden(enige)}>
        Debiteurenlijst (CSV)
      </Button>
    );
  }
  return (
    <>
      <Button
        variant="outlined"
        size="large"
        startIcon={<DownloadIcon />}
        disabled={busy}
        aria-haspopup="menu"
        aria-expanded={anker !== null}
        aria-controls={anker !== null ? 'debiteuren-menu' : undefined}
        id="debiteuren-knop"
        onClick={(e) => setAnker(e.currentTarget)}
      >
        Debiteurenlijst (CSV)
      </Button>
      <Menu id="debiteuren-menu" anchorEl={anker} open={anker !== null} onClose={() => setAnker(null)} slotProps={{ list: { 'aria-labelledby': 'debiteuren-knop' } }}>
        {uitgevers.map((u) => (
          <MenuItem key={u.id} onClick={() => void downloaden(u)}>
            {uitgeverNaam(u)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
