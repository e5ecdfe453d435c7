import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, TextField } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { ActionError, callApi } from '../api/action';
import { useRegios } from '../regios/useRegios';
import { BestandVeld } from './Documenten';
import { generatePassword } from './password';
import { aanmeldingApi, fieldError, type AanmeldingDetail } from './types';

const VOG_ACCEPT = '.pdf,.jpg,.jpeg,.png';

/**
 * 'Maak Klusser Account': e-mail (the applicant's), a proposed password the admin can copy or
 * renew, the regions and the VOG, sent together (multipart). What was typed stays on a refusal.
 */
export function AccountDialog({ aanmelding, onClose, onCreated }: { aanmelding: AanmeldingDetail; onClose: () => void; onCreated: () => void }) {
  const notify = useNotify();
  const { regios: actieveRegios } = useRegios();
  const [email, setEmail] = useState(aanmelding.email);
  const [password, setPassword] = useState(() => generatePassword());
  const [regios, setRegios] = useState<string[]>([]);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [melding, setMelding] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const fouten: Record<string, string> = {};
    if (email.trim() === '' || password === '') {
      if (email.trim() === '') fouten['email'] = 'Vul email en wachtwoord in';
      if (password === '') fouten['password'] = 'Vul email en wachtwoord in';
    }
    if (regios.length === 0) fouten['regio'] = 'Selecteer minimaal één regio';
    if (file === null) fouten['file'] = 'Upload een VOG document';
    setErrors(fouten);
    setMelding(null);
    if (file === null || Object.keys(fouten).length > 0) return;
    const data = new FormData();
    data.append('email', email.trim());
    data.append('password', password);
    data.append('regio', actieveRegios.map((r) => r.slug).filter((r) => regios.includes(r)).join(','));
    data.append('file', file);
    setBusy(true);
    try {
      const answer = await callApi(`${aanmeldingApi(aanmelding.id)}/account`, { method: 'POST', body: data }, 'Fout bij aanmaken account');
      notify(answer.message || 'Klusser account succesvol aangemaakt!', { type: 'success' });
      onCreated();
    } catch (e) {
      const message = e instanceof Error && e.message ? e.message : 'Fout bij aanmaken account';
      if (e instanceof ActionError) setErrors(e.fields);
      setMelding(message);
      notify(message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="account-titel" fullWidth maxWidth="sm">
      <DialogTitle id="account-titel">Maak Klusser Account</DialogTitle>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogContent sx={{ display: 'grid', gap: 2.5 }}>
          {melding !== null && <Alert severity="error">{melding}</Alert>}
          <TextField
            label="E-mailadres"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={fieldError(errors, 'email') !== undefined}
            helperText={fieldError(errors, 'email')}
            fullWidth
            sx={{ mt: 1 }}
          />
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <TextField
              label="Wachtwoord"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={fieldError(errors, 'password') !== undefined}
              helperText={fieldError(errors, 'password') ?? 'Kopieer het wachtwoord en geef het aan de klusser.'}
              slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off', style: { fontFamily: 'monospace' } } }}
              sx={{ flex: '1 1 240px' }}
            />
            <Button variant="outlined" size="large" startIcon={<RefreshIcon />} onClick={() => setPassword(generatePassword())} sx={{ mt: 0.5 }}>
              Nieuw wachtwoord
            </Button>
          </Box>
          <FormControl component="fieldset" error={fieldError(errors, 'regio') !== undefined}>
            <FormLabel component="legend">Regio&apos;s</FormLabel>
            <FormGroup row>
              {actieveRegios.map(({ slug: r, naam }) => (
                <FormControlLabel
                  key={r}
                  label={naam}
                  control={
                    <Checkbox
                      checked={regios.includes(r)}
                      onChange={(e) => {
                        setRegios((old) => (e.target.checked ? [...old, r] : old.filter((x) => x !== r)));
                        setErrors((old) => ({ ...old, regio: '' }));
                      }}
                    />
                  }
                />
              ))}
            </FormGroup>
            {fieldError(errors, 'regio') && <FormHelperText>{fieldError(errors, 'regio')}</FormHelperText>}
          </FormControl>
          <BestandVeld
            id="account-vog"
            label="VOG document"
            accept={VOG_ACCEPT}
            file={file}
            error={fieldError(errors, 'file')}
            inputKey={0}
            onChange={(f) => {
              setFile(f);
              setErrors((old) => ({ ...old, file: '' }));
            }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy} size="large">
            Annuleren
          </Button>
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            Account aanmaken
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
