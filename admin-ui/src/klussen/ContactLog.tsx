import PhoneCallbackIcon from '@mui/icons-material/PhoneCallback';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  List,
  ListItem,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import type { ListItem as ApiListItem } from '@klusmaat/shared-ui/api/types';
import { ActionError, callApi, failureText } from '../api/action';
import { useApiData } from '../api/useApiData';
import { momentNl } from '../fields/dates';

type Contact = ApiListItem<'/api/v1/klussen/{id}/contacten'>;

/** How a contact went, as the form and the log say it. */
export const WIJZEN = [
  { id: 'gebeld', name: 'Gebeld' },
  { id: 'whatsapp', name: 'WhatsApp' },
  { id: 'email', name: 'E-mail' },
] as const;
const WIJZE_LABEL: Record<string, string> = Object.fromEntries(WIJZEN.map((w) => [w.id, w.name]));

/** The notes' limit, as the server checks it. */
export const MAX_NOTITIE = 1000;

/**
 * 'Contact met de klant' (D26) on a job: the logged contacts, newest first (how, when, by whom,
 * the note), and 'Contact vastleggen'. The server keeps the log and says who may add to it (an
 * admin, or a franchise owner for a job of its regions).
 */
export function ContactLog({ klusId }: { klusId: string }) {
  const { data: contacts, failed, reload } = useApiData<Contact[]>(`/api/v1/klussen/${encodeURIComponent(klusId)}/contacten`);
  const [open, setOpen] = useState(false);

  return (
    <Box component="section" aria-labelledby={`contact-${klusId}`} sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography id={`contact-${klusId}`} variant="h6" component="h3">
          Contact met de klant
        </Typography>
        <Button variant="contained" size="large" startIcon={<PhoneCallbackIcon />} onClick={() => setOpen(true)}>
          Contact vastleggen
        </Button>
      </Box>
      {failed && <Alert severity="error">Kon de contacten niet laden.</Alert>}
      {contacts !== undefined && contacts.length === 0 && <Typography>Nog geen contact vastgelegd.</Typography>}
      {contacts !== undefined && contacts.length > 0 && (
        <List data-testid="contact-log" sx={{ py: 0 }}>
          {contacts.map((c) => (
            <ListItem key={c.id} divider sx={{ display: 'block', px: 0 }}>
              <Typography component="span" sx={{ display: 'block', fontWeight: 700 }}>
                {WIJZE_LABEL[c.wijze] ?? c.wijze} · {momentNl(c.tijdstip)}
                {c.door ? ` · ${c.door}` : ''}
              </Typography>
              {c.notitie && (
                <Typography component="span" sx={{ display: 'block', whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {c.notitie}
                </Typography>
              )}
            </ListItem>
          ))}
        </List>
      )}
      {open && (
        <ContactDialog
          klusId={klusId}
          onClose={() => setOpen(false)}
          onLogged={() => {
            setOpen(false);
            reload();
          }}
        />
      )}
    </Box>
  );
}

/** The form 'Contact vastleggen': how (required) and a note; the server's field messages show at their field. */
export function ContactDialog({ klusId, onClose, onLogged }: { klusId: string; onClose: () => void; onLogged: () => void }) {
  const notify = useNotify();
  const [wijze, setWijze] = useState('');
  const [notitie, setNotitie] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const local: Record<string, string> = {};
    if (wijze === '') local['wijze'] = 'Kies hoe je contact had: gebeld, WhatsApp of e-mail.';
    if (notitie.length > MAX_NOTITIE) local['notitie'] = 'De notitie mag hoogstens 1000 tekens lang zijn.';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    try {
      const answer = await callApi<Contact>(`/api/v1/klussen/${encodeURIComponent(klusId)}/contacten`, { method: 'POST', body: { wijze, notitie } }, 'Kon het contact niet vastleggen');
      notify(answer.message || 'Contact vastgelegd', { type: 'success' });
      onLogged();
    } catch (e) {
      if (e instanceof ActionError && Object.keys(e.fields).length > 0) setErrors(e.fields);
      notify(failureText(e, 'Kon het contact niet vastleggen'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="contact-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="contact-dialog-title">Contact vastleggen</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <FormControl error={errors['wijze'] !== undefined} required>
          <FormLabel id="contact-wijze-label">Hoe had je contact?</FormLabel>
          <RadioGroup row aria-labelledby="contact-wijze-label" value={wijze} onChange={(e) => {
              setWijze(e.target.value);
              setErrors((previous) => {
                const rest = { ...previous };
                delete rest['wijze'];
                return rest;
              });
            }}>
            {WIJZEN.map((w) => (
              <FormControlLabel key={w.id} value={w.id} control={<Radio />} label={w.name} sx={{ minHeight: 44, mr: 3 }} />
            ))}
          </RadioGroup>
          {errors['wijze'] && <FormHelperText>{errors['wijze']}</FormHelperText>}
        </FormControl>
        <TextField
          label="Notitie (wat is er afgesproken?)"
          value={notitie}
          onChange={(e) => setNotitie(e.target.value)}
          multiline
          minRows={3}
          error={errors['notitie'] !== undefined}
          helperText={errors['notitie'] ?? `${notitie.length} / ${MAX_NOTITIE} tekens`}
        />
        {errors['tijdstip'] && <Alert severity="error">{errors['tijdstip']}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} size="large">
          Annuleren
        </Button>
        <Button onClick={() => void submit()} variant="contained" size="large" disabled={busy}>
          Vastleggen
        </Button>
      </DialogActions>
    </Dialog>
  );
}
