import PhoneCallbackIcon from '@mui/icons-material/PhoneCallback';
import { Alert, Button, List, ListItem, Typography } from '@mui/material';
import { useState } from 'react';
import { maxLength, RadioButtonGroupInput, required } from 'react-admin';
import type { ListItem as ApiListItem } from '@klusmaat/shared-ui/api/types';
import { useAction } from '../api/useAction';
import { useApiData } from '../api/useApiData';
import { momentNl } from '../fields/dates';
import { FormDialog } from '../dialogs/FormDialog';
import { CountedTextInput } from '../fields/CountedTextInput';
import { KlusSection } from './KlusSection';

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
  const { data: contacts, failed } = useApiData<Contact[]>(`/api/v1/klussen/${encodeURIComponent(klusId)}/contacten`);
  const [open, setOpen] = useState(false);

  return (
    <KlusSection
      id={`contact-${klusId}`}
      title="Contact met de klant"
      actions={
        <Button variant="contained" size="large" startIcon={<PhoneCallbackIcon />} onClick={() => setOpen(true)}>
          Contact vastleggen
        </Button>
      }
    >
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
          onLogged={() => setOpen(false)}
        />
      )}
    </KlusSection>
  );
}

const kiesWijze = required('Kies hoe je contact had: gebeld, WhatsApp of e-mail.');
const notitieRegel = maxLength(MAX_NOTITIE, 'De notitie mag hoogstens 1000 tekens lang zijn.');

/** The note with its count of characters under it, or its message. */
function NotitieInput() {
  return <CountedTextInput source="notitie" label="Notitie (wat is er afgesproken?)" multiline minRows={3} validate={notitieRegel} max={MAX_NOTITIE} />;
}

/**
 * The form 'Contact vastleggen': how (required) and a note; the server's field messages show at
 * their field. Logging invalidates the job (api/useAction.ts): the log, and the list's and the
 * dashboard's 'nog niet teruggebeld', are read again.
 */
export function ContactDialog({ klusId, onClose, onLogged }: { klusId: string; onClose: () => void; onLogged: () => void }) {
  const log = useAction('logKlusContact');
  const [tijdstip, setTijdstip] = useState<string | undefined>(undefined);

  const submit = async (values: Record<string, unknown>) => {
    const { wijze, notitie } = values as { wijze: string; notitie: string };
    setTijdstip(undefined);
    const errors = await log.submit({ id: klusId, wijze, notitie: notitie ?? '' }, onLogged, { success: 'Contact vastgelegd' });
    // The moment is not a field of this form: its message stands under the fields.
    const { tijdstip: fout, ...fields } = errors ?? {};
    setTijdstip(fout);
    return errors === undefined ? undefined : fields;
  };

  return (
    <FormDialog
      id="contact-dialog-title"
      title="Contact vastleggen"
      defaultValues={{ wijze: '', notitie: '' }}
      onSubmit={submit}
      contentSx={{ display: 'grid', gap: 2 }}
      label="Vastleggen"
      pending={log.isPending}
      onClose={onClose}
    >
      <RadioButtonGroupInput source="wijze" label="Hoe had je contact?" choices={[...WIJZEN]} validate={kiesWijze} helperText={false} />
      <NotitieInput />
      {tijdstip && <Alert severity="error">{tijdstip}</Alert>}
    </FormDialog>
  );
}
