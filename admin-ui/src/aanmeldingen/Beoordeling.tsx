import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Alert, Box, Button, Card, CardContent, FormControl, FormHelperText, InputLabel, Link as MuiLink, MenuItem, Select, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { Link } from 'react-router-dom';
import { ActionError, callApi, failureText } from '../api/action';
import { AccountDialog } from './AccountDialog';
import { AANMELDING_STATUS_CHOICES } from './status';
import { aanmeldingApi, fieldError, type AanmeldingDetail } from './types';

/**
 * The Beoordeling tab: status and internal notes, saved together. Once the saved status is
 * goedgekeurd the account can be made ('Maak Klusser Account'); once made, a link to the klusser.
 */
export function BeoordelingTab({ aanmelding, onSaved, onChanged }: { aanmelding: AanmeldingDetail; onSaved: (a: AanmeldingDetail) => void; onChanged: () => void }) {
  const notify = useNotify();
  const [status, setStatus] = useState(aanmelding.status);
  const [notities, setNotities] = useState(aanmelding.notities);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [account, setAccount] = useState(false);

  const save = async () => {
    setBusy(true);
    setErrors({});
    try {
      const answer = await callApi<AanmeldingDetail>(`${aanmeldingApi(aanmelding.id)}/beoordeling`, { method: 'PUT', body: { status, notities } }, 'Fout bij bijwerken status');
      notify(answer.message || 'Status bijgewerkt', { type: 'success' });
      if (answer.data && typeof answer.data === 'object' && 'id' in answer.data) onSaved(answer.data);
      else onChanged();
    } catch (e) {
      if (e instanceof ActionError) setErrors(e.fields);
      notify(failureText(e, 'Fout bij bijwerken status'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 720 }}>
      <Card component="section" aria-labelledby="beoordeling-titel" variant="outlined">
        <CardContent>
          <Box
            component="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
            sx={{ display: 'grid', gap: 2 }}
          >
            <Typography id="beoordeling-titel" variant="h6" component="h3">
              Beoordeling
            </Typography>
            <FormControl fullWidth error={fieldError(errors, 'status') !== undefined}>
              <InputLabel id="beoordeling-status-label">Status</InputLabel>
              <Select labelId="beoordeling-status-label" label="Status" value={status} onChange={(e) => setStatus(e.target.value)}>
                {AANMELDING_STATUS_CHOICES.map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {c.name}
                  </MenuItem>
                ))}
              </Select>
              {fieldError(errors, 'status') && <FormHelperText>{fieldError(errors, 'status')}</FormHelperText>}
            </FormControl>
            <TextField
              label="Interne notities"
              multiline
              minRows={4}
              value={notities}
              onChange={(e) => setNotities(e.target.value)}
              error={fieldError(errors, 'notities') !== undefined}
              helperText={fieldError(errors, 'notities')}
              fullWidth
            />
            <Box>
              <Button type="submit" variant="contained" size="large" disabled={busy}>
                Opslaan
              </Button>
            </Box>
          </Box>
        </CardContent>
      </Card>
      {aanmelding.klusser_id !== null ? (
        <Alert severity="success">
          <Typography sx={{ fontWeight: 700 }}>Account aangemaakt</Typography>
          <MuiLink component={Link} to={`/admin/klussers/${encodeURIComponent(aanmelding.klusser_id)}`}>
            Klusser bekijken
          </MuiLink>
        </Alert>
      ) : (
        aanmelding.status === 'goedgekeurd' && (
          <Box>
            <Button variant="contained" color="success" size="large" startIcon={<PersonAddIcon />} onClick={() => setAccount(true)}>
              Maak Klusser Account
            </Button>
          </Box>
        )
      )}
      {account && (
        <AccountDialog
          aanmelding={aanmelding}
          onClose={() => setAccount(false)}
          onCreated={() => {
            setAccount(false);
            onChanged();
          }}
        />
      )}
    </Box>
  );
}
