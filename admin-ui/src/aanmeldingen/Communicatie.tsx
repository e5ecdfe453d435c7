import EmailIcon from '@mui/icons-material/Email';
import NoteIcon from '@mui/icons-material/StickyNote2';
import PhoneIcon from '@mui/icons-material/Phone';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { TextInput, useNotify } from 'react-admin';
import { ActionError, type ActionAnswer } from '../api/action';
import { actionFailure, useAction } from '../api/useAction';
import { momentNl } from '../fields/dates';
import { fieldError, type AanmeldingDetail, type Communicatie } from './types';
import { COMMUNICATIE_FOUT, type CommunicatieSoort } from './actions';
import { FormCard } from './FormCard';

type Soort = CommunicatieSoort;

const SOORT: Record<Soort, { label: string; icon: ReactNode }> = {
  note: { label: 'Notitie', icon: <NoteIcon /> },
  phone: { label: 'Telefoongesprek', icon: <PhoneIcon /> },
  email: { label: 'E-mail', icon: <EmailIcon /> },
  whatsapp: { label: 'WhatsApp', icon: <WhatsAppIcon /> },
};

/** The client-side messages, the same as the server's. */
const LEEG: Record<Soort, string> = {
  note: 'Vul een notitie in',
  phone: 'Vul notities in',
  email: 'Vul onderwerp en inhoud in',
  whatsapp: 'Vul een bericht in',
};

function Tijdlijn({ items }: { items: Communicatie[] }) {
  if (items.length === 0) return <Typography>Nog geen communicatie</Typography>;
  const sorted = [...items].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
  return (
    <Box component="ol" aria-label="Tijdlijn van de communicatie" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {sorted.map((c) => {
        const soort = SOORT[c.type as Soort] ?? { label: c.type, icon: <NoteIcon /> };
        return (
          <Card component="li" variant="outlined" key={c.id}>
            <CardContent sx={{ display: 'flex', gap: 2 }}>
              <Box aria-hidden sx={{ color: 'primary.main', pt: 0.5 }}>
                {soort.icon}
              </Box>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 700 }}>
                  {soort.label}
                  {c.recipient ? ` aan ${c.recipient}` : ''}
                </Typography>
                <Typography variant="body2" component="p">
                  <time dateTime={c.created_at}>{momentNl(c.created_at)}</time>
                </Typography>
                {c.subject && <Typography sx={{ fontWeight: 700, mt: 1 }}>{c.subject}</Typography>}
                <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{c.content}</Typography>
              </Box>
            </CardContent>
          </Card>
        );
      })}
    </Box>
  );
}

/** One of the four forms, in its card; a form that was sent starts anew (its fields empty), a refused one keeps what was typed. */
function Formulier({ titel, knop, id, onSubmit, busy, children }: { titel: string; knop: string; id: string; onSubmit: (values: Record<string, unknown>) => Promise<Record<string, string> | undefined>; busy: boolean; children: ReactNode }) {
  const [versie, setVersie] = useState(0);
  const submit = async (values: Record<string, unknown>) => {
    const errors = await onSubmit(values);
    if (errors === undefined) setVersie((v) => v + 1);
    return errors;
  };
  // A new record id makes react-admin's form start from its (empty) defaults again.
  return (
    <FormCard id={id} titel={titel} knop={knop} busy={busy} record={{ id: versie }} onSubmit={submit}>
      {children}
    </FormCard>
  );
}

/** A field's check: something besides spaces, else the kind's message. */
const gevuld = (message: string) => (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? undefined : message);
const tekst = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The ids of the fields the header's Email and WhatsApp buttons put the focus in. */
const FOCUS_ID = { email: 'communicatie-onderwerp', whatsapp: 'communicatie-bericht' } as const;

/**
 * The Communicatie tab: the timeline (newest first) and the forms 'Notitie toevoegen', 'Gesprek
 * loggen', 'E-mail versturen' and 'WhatsApp'. A WhatsApp message is logged first; then the
 * server's wa.me address opens in a new window. Text stays in a form until the server took it.
 */
export function CommunicatieTab({ aanmelding, focus }: { aanmelding: AanmeldingDetail; focus: { field: 'email' | 'whatsapp'; n: number } | null }) {
  const notify = useNotify();
  const log = useAction('addAanmeldingCommunicatie');

  // The header's Email and WhatsApp buttons open this tab at their form.
  useEffect(() => {
    if (focus === null) return;
    document.getElementById(FOCUS_ID[focus.field])?.focus();
  }, [focus]);

  /** Sends one entry; answers the field errors of a refusal (under contentField and, for an e-mail, onderwerp). */
  const send = async (type: Soort, content: string, subject: string | undefined, contentField: string) => {
    try {
      // The action invalidates the application: the timeline is read again with the new entry.
      const answer: ActionAnswer<unknown> = await log.mutateAsync({ id: aanmelding.id, type, content, ...(subject === undefined ? {} : { subject }) });
      notify(answer.message || 'Opgeslagen', { type: 'success' });
      const url = answer.extra['whatsapp_url'];
      if (type === 'whatsapp' && typeof url === 'string' && url !== '') window.open(url, '_blank', 'noopener');
      return undefined;
    } catch (e) {
      // A refused form says what is missing ('Vul een notitie in'); any other failure is section
      // 8's message for this kind, with the server's reason.
      notify(e instanceof ActionError && e.status === 400 ? e.message : actionFailure(e, COMMUNICATIE_FOUT[type]), { type: 'error' });
      if (!(e instanceof ActionError)) return {};
      const fields: Record<string, string> = {};
      const content = fieldError(e.fields, 'content');
      if (content) fields[contentField] = content;
      const onderwerp = fieldError(e.fields, 'subject');
      if (type === 'email' && onderwerp) fields['onderwerp'] = onderwerp;
      return fields;
    }
  };

  const simple = (type: 'note' | 'phone' | 'whatsapp') => (values: Record<string, unknown>) => send(type, tekst(values[type]), undefined, type);
  const email = (values: Record<string, unknown>) => send('email', tekst(values['inhoud']), tekst(values['onderwerp']), 'inhoud');
  const busy = log.isPending;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Formulier titel="Notitie toevoegen" knop="Notitie toevoegen" id="notitie" busy={busy} onSubmit={simple('note')}>
          <TextInput source="note" label="Notitie" multiline minRows={3} fullWidth validate={gevuld(LEEG.note)} />
        </Formulier>
        <Formulier titel="Gesprek loggen" knop="Gesprek loggen" id="gesprek" busy={busy} onSubmit={simple('phone')}>
          <TextInput source="phone" label="Notities van het gesprek" multiline minRows={3} fullWidth validate={gevuld(LEEG.phone)} />
        </Formulier>
        <Formulier titel="E-mail versturen" knop="E-mail versturen" id="email" busy={busy} onSubmit={email}>
          <Typography>Aan: {aanmelding.email}</Typography>
          <TextInput source="onderwerp" id={FOCUS_ID.email} label="Onderwerp" fullWidth validate={gevuld(LEEG.email)} />
          <TextInput source="inhoud" label="Inhoud" multiline minRows={5} fullWidth validate={gevuld(LEEG.email)} />
        </Formulier>
        <Formulier titel="WhatsApp" knop="WhatsApp openen" id="whatsapp" busy={busy} onSubmit={simple('whatsapp')}>
          <Typography>Aan: {aanmelding.telefoon}</Typography>
          <TextInput source="whatsapp" id={FOCUS_ID.whatsapp} label="Bericht" multiline minRows={3} fullWidth validate={gevuld(LEEG.whatsapp)} />
        </Formulier>
      </Box>
      <Box component="section" aria-labelledby="tijdlijn-titel">
        <Typography id="tijdlijn-titel" variant="h6" component="h3" gutterBottom>
          Tijdlijn
        </Typography>
        <Tijdlijn items={aanmelding.communicatie} />
      </Box>
    </Box>
  );
}
