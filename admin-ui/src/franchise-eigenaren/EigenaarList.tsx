import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField as MuiTextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Datagrid, FunctionField, TextField, TextInput, TopToolbar, useNotify, useRefresh } from 'react-admin';
import type { ListItem } from '@klusmaat/shared-ui/api/types';
import { ActionError, callApi } from '../api/action';
import { useRegios } from '../regios/useRegios';
import { EmptyList } from '../lists/EmptyList';
import { ResourceList } from '../lists/ResourceList';
import { RegioKeuze } from './RegioKeuze';

type Eigenaar = ListItem<'/api/v1/franchise-eigenaren'>;

const FILTERS = [<TextInput key="q" source="q" label="Zoeken op naam of e-mail" alwaysOn resettable />];

/**
 * Franchise owners, /admin/franchise-eigenaren: who runs which regions, a new owner's
 * account (D14), and 'Regio's wijzigen'. An owner without a region sees in its portal that its
 * region is not assigned yet.
 */
export default function EigenaarList() {
  const [nieuw, setNieuw] = useState(false);
  const [regios, setRegios] = useState<Eigenaar | null>(null);
  const refresh = useRefresh();
  const { naam: regioNaam } = useRegios();
  return (
    <>
      <ResourceList
        title="Franchisenemers"
        sort={{ field: 'naam', order: 'ASC' }}
        filters={FILTERS}
        empty={false}
        actions={
          <TopToolbar>
            <Button variant="contained" size="large" startIcon={<AddIcon />} onClick={() => setNieuw(true)}>
              Nieuwe franchisenemer
            </Button>
          </TopToolbar>
        }
      >
        <Box sx={{ px: 2, pt: 2 }}>
          <Typography variant="h4" component="h1">
            Franchisenemers
          </Typography>
        </Box>
        <Datagrid bulkActionButtons={false} rowClick={false} empty={<EmptyList none="Nog geen franchisenemers" filtered="Geen franchisenemers gevonden" />}>
          <TextField source="naam" label="Naam" />
          <TextField source="email" label="E-mail" sortable={false} />
          <FunctionField<Eigenaar>
            label="Regio's"
            sortable={false}
            render={(e) => (e.regio.length === 0 ? 'Geen regio toegewezen' : e.regio.map(regioNaam).join(', '))}
          />
          <FunctionField<Eigenaar>
            label="Acties"
            render={(e) => (
              <Button variant="outlined" onClick={() => setRegios(e)} aria-label={`Regio's wijzigen van ${e.naam}`}>
                Regio&apos;s wijzigen
              </Button>
            )}
          />
        </Datagrid>
      </ResourceList>
      {nieuw && <NieuweEigenaar onClose={() => setNieuw(false)} onSaved={() => { setNieuw(false); refresh(); }} />}
      {regios !== null && <RegiosDialog eigenaar={regios} onClose={() => setRegios(null)} onSaved={() => { setRegios(null); refresh(); }} />}
    </>
  );
}

function RegiosDialog({ eigenaar, onClose, onSaved }: { eigenaar: Eigenaar; onClose: () => void; onSaved: () => void }) {
  const notify = useNotify();
  const [value, setValue] = useState<string[]>(eigenaar.regio);
  const [fout, setFout] = useState<string | null>(null);
  const save = async () => {
    try {
      const a = await callApi(`/api/v1/franchise-eigenaren/${eigenaar.id}/regios`, { method: 'PUT', body: { regio: value } }, 'Fout bij opslaan');
      notify(a.message, { type: 'success' });
      onSaved();
    } catch (e) {
      setFout(e instanceof ActionError ? `Fout bij opslaan: ${e.message}` : 'Fout bij opslaan');
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="regios-title">
      <DialogTitle id="regios-title">Regio&apos;s van {eigenaar.naam}</DialogTitle>
      <DialogContent dividers>
        {fout && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {fout}
          </Alert>
        )}
        <RegioKeuze value={value} onChange={setValue} />
        <Typography variant="body2" sx={{ mt: 1 }}>
          De wijziging geldt vanaf het volgende scherm dat de franchisenemer opent.
        </Typography>
      </DialogContent>
      <DialogActions sx={{ p: 2 }}>
        <Button onClick={onClose} size="large">
          Annuleren
        </Button>
        <Button onClick={() => void save()} variant="contained" size="large">
          Opslaan
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function NieuweEigenaar({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const notify = useNotify();
  const [v, setV] = useState({ naam: '', email: '', password: '' });
  const [regio, setRegio] = useState<string[]>([]);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [fout, setFout] = useState<string | null>(null);

  const save = async () => {
    const missing: Record<string, string> = {};
    for (const k of ['naam', 'email', 'password'] as const) if (v[k].trim() === '') missing[k] = 'Vul alle verplichte velden in';
    if (regio.length === 0) missing['regio'] = 'Selecteer minimaal één regio';
    setFields(missing);
    if (Object.keys(missing).length > 0) {
      setFout('Vul alle verplichte velden in');
      return;
    }
    try {
      const a = await callApi('/api/v1/franchise-eigenaren', { method: 'POST', body: { ...v, regio } }, 'Fout bij aanmaken account');
      notify(a.message, { type: 'success' });
      onSaved();
    } catch (e) {
      setFout(e instanceof ActionError ? e.message : 'Fout bij aanmaken account');
      if (e instanceof ActionError) setFields(e.fields);
    }
  };

  const field = (name: 'naam' | 'email' | 'password', label: string, type = 'text') => (
    <MuiTextField
      label={label}
      type={type}
      value={v[name]}
      onChange={(e) => setV({ ...v, [name]: e.target.value })}
      error={fields[name] !== undefined}
      helperText={fields[name] ?? (name === 'password' ? 'Minstens 10 tekens' : undefined)}
      required
      fullWidth
      margin="dense"
      autoComplete={name === 'password' ? 'new-password' : 'off'}
    />
  );

  return (
    <Dialog open onClose={onClose} aria-labelledby="nieuwe-eigenaar-title" maxWidth="sm" fullWidth>
      <DialogTitle id="nieuwe-eigenaar-title">Nieuwe franchisenemer</DialogTitle>
      <DialogContent dividers>
        {fout && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {fout}
          </Alert>
        )}
        {field('naam', 'Naam')}
        {field('email', 'E-mailadres', 'email')}
        {field('password', 'Wachtwoord', 'password')}
        <RegioKeuze value={regio} onChange={setRegio} error={fields['regio']} />
      </DialogContent>
      <DialogActions sx={{ p: 2 }}>
        <Button onClick={onClose} size="large">
          Annuleren
        </Button>
        <Button onClick={() => void save()} variant="contained" size="large">
          Account aanmaken
        </Button>
      </DialogActions>
    </Dialog>
  );
}
