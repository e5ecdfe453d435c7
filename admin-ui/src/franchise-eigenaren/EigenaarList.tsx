import { Alert, Button, Dialog, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useState } from 'react';
import { Datagrid, Form, FunctionField, TextField, TextInput } from 'react-admin';
import type { ListItem } from '@klusmaat/shared-ui/api/types';
import { ActionError, errorFields } from '../api/action';
import { actionFailure, useAction } from '../api/useAction';
import { FormDialogActions } from '../fields/FormDialogActions';
import { useRegios } from '../regios/useRegios';
import { EmptyList } from '../lists/EmptyList';
import { ResourceList } from '../lists/ResourceList';
import { ListHeader } from '../lists/ListHeader';
import { NewAction } from '../lists/NewButton';
import { RegioCheckboxGroupInput } from '../regios/RegioInputs';

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
  const { naam: regioNaam } = useRegios();
  return (
    <>
      <ResourceList
        title="Franchisenemers"
        sort={{ field: 'naam', order: 'ASC' }}
        filters={FILTERS}
        actions={<NewAction label="Nieuwe franchisenemer" onClick={() => setNieuw(true)} />}
      >
        <ListHeader title="Franchisenemers" />
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
      {nieuw && <NieuweEigenaar onClose={() => setNieuw(false)} onSaved={() => setNieuw(false)} />}
      {regios !== null && <RegiosDialog eigenaar={regios} onClose={() => setRegios(null)} onSaved={() => setRegios(null)} />}
    </>
  );
}

const REGIO_VERPLICHT = (v: unknown) => (Array.isArray(v) && v.length > 0 ? undefined : 'Selecteer minimaal één regio');
const VERPLICHT = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? undefined : 'Vul alle verplichte velden in');

function RegiosDialog({ eigenaar, onClose, onSaved }: { eigenaar: Eigenaar; onClose: () => void; onSaved: () => void }) {
  const setRegios = useAction('setEigenaarRegios');
  const [fout, setFout] = useState<string | null>(null);
  const save = async (values: Record<string, unknown>) => {
    setFout(null);
    try {
      // The action invalidates the owners: the list shows the new regions. run() shows the toasts
      // ('Opgeslagen' when the server says nothing; 'Fout bij opslaan: <reason>').
      if ((await setRegios.run({ id: String(eigenaar.id), regio: values['regio'] as string[] }, { success: 'Opgeslagen', rethrow: true })) !== null) onSaved();
      return undefined;
    } catch (e) {
      setFout(actionFailure(e, 'Fout bij opslaan'));
      return errorFields(e);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="regios-title">
      <Form defaultValues={{ regio: eigenaar.regio }} onSubmit={save} noValidate>
        <DialogTitle id="regios-title">Regio&apos;s van {eigenaar.naam}</DialogTitle>
        <DialogContent dividers>
          {fout && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {fout}
            </Alert>
          )}
          <RegioCheckboxGroupInput />
          <Typography variant="body2" sx={{ mt: 1 }}>
            De wijziging geldt vanaf het volgende scherm dat de franchisenemer opent.
          </Typography>
        </DialogContent>
        <FormDialogActions onClose={onClose} pending={setRegios.isPending} label="Opslaan" />
      </Form>
    </Dialog>
  );
}

function NieuweEigenaar({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const create = useAction('createEigenaar');
  const [fout, setFout] = useState<string | null>(null);

  const save = async (values: Record<string, unknown>) => {
    const text = (name: string) => String(values[name] ?? '');
    setFout(null);
    try {
      const params = { naam: text('naam'), email: text('email'), password: text('password'), regio: values['regio'] as string[] };
      if ((await create.run(params, { success: 'Account aangemaakt', rethrow: true })) !== null) onSaved();
      return undefined;
    } catch (e) {
      // The server's reason as it is (an address already in use), or 'Fout bij aanmaken account'.
      setFout(e instanceof ActionError && e.status !== 0 && e.message !== '' ? e.message : 'Fout bij aanmaken account');
      return errorFields(e);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="nieuwe-eigenaar-title" maxWidth="sm" fullWidth>
      <Form defaultValues={{ naam: '', email: '', password: '', regio: [] }} onSubmit={save} noValidate>
        <DialogTitle id="nieuwe-eigenaar-title">Nieuwe franchisenemer</DialogTitle>
        <DialogContent dividers>
          {fout && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {fout}
            </Alert>
          )}
          <TextInput source="naam" label="Naam" validate={VERPLICHT} isRequired fullWidth margin="dense" autoComplete="off" helperText={false} />
          <TextInput source="email" label="E-mailadres" type="email" validate={VERPLICHT} isRequired fullWidth margin="dense" autoComplete="off" helperText={false} />
          <TextInput
            source="password"
            label="Wachtwoord"
            type="password"
            validate={VERPLICHT}
            isRequired
            fullWidth
            margin="dense"
            autoComplete="new-password"
            helperText="Minstens 10 tekens"
          />
          <RegioCheckboxGroupInput validate={REGIO_VERPLICHT} />
        </DialogContent>
        <FormDialogActions onClose={onClose} pending={create.isPending} label="Account aanmaken" />
      </Form>
    </Dialog>
  );
}
