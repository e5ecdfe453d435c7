import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { Form, TextInput, useInput, useNotify, ValidationError } from 'react-admin';
import { ActionError, type ActionAnswer } from '../api/action';
import { useAction } from '../api/useAction';
import { RegioCheckboxGroupInput } from '../regios/RegioInputs';
import { useRegios } from '../regios/useRegios';
import { BestandInput } from './BestandInput';
import { generatePassword } from './password';
import type { AanmeldingDetail } from './types';

const VOG_ACCEPT = '.pdf,.jpg,.jpeg,.png';

interface Velden {
  email: string;
  password: string;
  regio: string[];
  file: File | null;
}

/** The client-side messages, the same as the server's. */
const EMAIL_EN_WACHTWOORD = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? undefined : 'Vul email en wachtwoord in');
const REGIO = (v: unknown) => (Array.isArray(v) && v.length > 0 ? undefined : 'Selecteer minimaal één regio');
const VOG = (v: unknown) => (v instanceof File ? undefined : 'Upload een VOG document');

/** The proposed password, and a button that proposes another (both on the form's one field). */
function Wachtwoord() {
  const { field, fieldState, id } = useInput<string>({ source: 'password', validate: EMAIL_EN_WACHTWOORD });
  // react-admin's validation messages are translated by its ValidationError.
  const error = fieldState.error?.message ? <ValidationError error={fieldState.error.message} /> : undefined;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <TextField
        id={id}
        label="Wachtwoord"
        name={field.name}
        value={field.value ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        error={error !== undefined}
        helperText={error ?? 'Kopieer het wachtwoord en geef het aan de klusser.'}
        slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off', style: { fontFamily: 'monospace' } } }}
        sx={{ flex: '1 1 240px' }}
      />
      <Button variant="outlined" size="large" startIcon={<RefreshIcon />} onClick={() => field.onChange(generatePassword())} sx={{ mt: 0.5 }}>
        Nieuw wachtwoord
      </Button>
    </Box>
  );
}

/**
 * 'Maak Klusser Account': e-mail (the applicant's), a proposed password the admin can copy or
 * renew, the regions and the VOG, sent together (multipart). What was typed stays on a refusal.
 */
export function AccountDialog({ aanmelding, onClose, onCreated }: { aanmelding: AanmeldingDetail; onClose: () => void; onCreated: () => void }) {
  const notify = useNotify();
  const { regios: actieveRegios } = useRegios();
  const account = useAction('createKlusserAccount');
  const [melding, setMelding] = useState<string | null>(null);
  const [defaults] = useState<Velden>(() => ({ email: aanmelding.email, password: generatePassword(), regio: [], file: null }));
  const busy = account.isPending;

  const submit = async (values: Record<string, unknown>) => {
    const v = values as unknown as Velden;
    if (!(v.file instanceof File)) return undefined;
    setMelding(null);
    const data = new FormData();
    data.append('email', v.email.trim());
    data.append('password', v.password);
    data.append('regio', actieveRegios.map((r) => r.slug).filter((r) => v.regio.includes(r)).join(','));
    data.append('file', v.file);
    try {
      // The action invalidates the application: its page shows the link to the new klusser.
      const answer: ActionAnswer<unknown> = await account.mutateAsync({ id: aanmelding.id, body: data });
      notify(answer.message || 'Klusser account succesvol aangemaakt!', { type: 'success' });
      onCreated();
      return undefined;
    } catch (e) {
      const message = e instanceof Error && e.message ? e.message : 'Fout bij aanmaken account';
      setMelding(message);
      notify(message, { type: 'error' });
      return e instanceof ActionError ? e.fields : undefined;
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="account-titel" fullWidth maxWidth="sm">
      <DialogTitle id="account-titel">Maak Klusser Account</DialogTitle>
      <Form defaultValues={defaults} onSubmit={submit} noValidate>
        <DialogContent sx={{ display: 'grid', gap: 2.5 }}>
          {melding !== null && <Alert severity="error">{melding}</Alert>}
          <TextInput source="email" label="E-mailadres" type="email" validate={EMAIL_EN_WACHTWOORD} helperText={false} fullWidth sx={{ mt: 1 }} />
          <Wachtwoord />
          <RegioCheckboxGroupInput validate={REGIO} />
          <BestandInput source="file" id="account-vog" label="VOG document" accept={VOG_ACCEPT} validate={VOG} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy} size="large">
            Annuleren
          </Button>
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            Account aanmaken
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
