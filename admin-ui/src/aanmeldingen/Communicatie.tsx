import EmailIcon from '@mui/icons-material/Email';
import NoteIcon from '@mui/icons-material/StickyNote2';
import PhoneIcon from '@mui/icons-material/Phone';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNotify } from 'react-admin';
import { ActionError, callApi } from '../api/action';
import { momentNl } from '../fields/dates';
import { aanmeldingApi, fieldError, type AanmeldingDetail, type Communicatie } from './types';

type Soort = 'note' | 'phone' | 'email' | 'whatsapp';

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

/** One of the four forms: a heading, its fields and its button; errors under the fields. */
function Formulier({ titel, knop, id, onSubmit, busy, children }: { titel: string; knop: string; id: string; onSubmit: () => void; busy: boolean; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={`${id}-titel`} variant="outlined">
      <CardContent>
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
          sx={{ display: 'grid', gap: 2 }}
        >
          <Typography id={`${id}-titel`} variant="h6" component="h3">
            {titel}
          </Typography>
          {children}
          <Box>
            <Button type="submit" variant="contained" size="large" disabled={busy}>
              {knop}
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}

interface Velden {
  note: string;
  phone: string;
  onderwerp: string;
  inhoud: string;
  whatsapp: string;
}

/** Section 8's failure message per kind of communication. */
const FOUT: Record<Soort, string> = {
  note: 'Fout bij toevoegen notitie',
  phone: 'Fout bij loggen gesprek',
  email: 'Fout bij verzenden email',
  whatsapp: 'Fout bij loggen WhatsApp bericht',
};

/**
 * The Communicatie tab: the timeline (newest first) and the forms 'Notitie toevoegen', 'Gesprek
 * loggen', 'E-mail versturen' and 'WhatsApp'. A WhatsApp message is logged first; then the
 * server's wa.me address opens in a new window. Text stays in a form until the server took it.
 */
export function CommunicatieTab({ aanmelding, focus, onChanged }: { aanmelding: AanmeldingDetail; focus: { field: 'email' | 'whatsapp'; n: number } | null; onChanged: () => void }) {
  const notify = useNotify();
  const [v, setV] = useState<Velden>({ note: '', phone: '', onderwerp: '', inhoud: '', whatsapp: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof Velden, string>>>({});
  const [busy, setBusy] = useState<Soort | null>(null);
  const onderwerp = useRef<HTMLInputElement>(null);
  const bericht = useRef<HTMLTextAreaElement>(null);

  // The header's Email and WhatsApp buttons open this tab at their form.
  useEffect(() => {
    if (focus === null) return;
    (focus.field === 'email' ? onderwerp.current : bericht.current)?.focus();
  }, [focus]);

  const field = (name: keyof Velden) => ({
    value: v[name],
    onChange: (e: { target: { value: string } }) => {
      setV((old) => ({ ...old, [name]: e.target.value }));
      setErrors((old) => ({ ...old, [name]: undefined }));
    },
    error: errors[name] !== undefined,
    helperText: errors[name],
    fullWidth: true,
  });

  const send = async (type: Soort, content: string, subject: string | undefined, clear: (keyof Velden)[], contentField: keyof Velden) => {
    setBusy(type);
    try {
      const answer = await callApi<Communicatie>(`${aanmeldingApi(aanmelding.id)}/communicatie`, { method: 'POST', body: { type, content, ...(subject === undefined ? {} : { subject }) } }, FOUT[type]);
      notify(answer.message || 'Opgeslagen', { type: 'success' });
      setV((old) => ({ ...old, ...Object.fromEntries(clear.map((k) => [k, ''])) }));
      const url = answer.extra['whatsapp_url'];
      if (type === 'whatsapp' && typeof url === 'string' && url !== '') window.open(url, '_blank', 'noopener');
      onChanged();
    } catch (e) {
      if (e instanceof ActionError) {
        setErrors((old) => ({
          ...old,
          [contentField]: fieldError(e.fields, 'content'),
          ...(type === 'email' ? { onderwerp: fieldError(e.fields, 'subject') } : {}),
        }));
      }
      // A refused form says what is missing ('Vul een notitie in'); any other failure is section
      // 8's message for this kind, with the server's reason.
      notify(e instanceof ActionError && e.status === 400 ? e.message : e instanceof ActionError ? `${FOUT[type]}: ${e.message}` : FOUT[type], { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const simple = (type: 'note' | 'phone' | 'whatsapp') => () => {
    const content = v[type].trim();
    if (content === '') {
      setErrors((old) => ({ ...old, [type]: LEEG[type] }));
      return;
    }
    void send(type, content, undefined, [type], type);
  };

  const email = () => {
    const subject = v.onderwerp.trim();
    const content = v.inhoud.trim();
    if (subject === '' || content === '') {
      setErrors((old) => ({ ...old, onderwerp: subject === '' ? LEEG.email : undefined, inhoud: content === '' ? LEEG.email : undefined }));
      return;
    }
    void send('email', content, subject, ['onderwerp', 'inhoud'], 'inhoud');
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Formulier titel="Notitie toevoegen" knop="Notitie toevoegen" id="notitie" busy={busy !== null} onSubmit={simple('note')}>
          <TextField label="Notitie" multiline minRows={3} {...field('note')} />
        </Formulier>
        <Formulier titel="Gesprek loggen" knop="Gesprek loggen" id="gesprek" busy={busy !== null} onSubmit={simple('phone')}>
          <TextField label="Notities van het gesprek" multiline minRows={3} {...field('phone')} />
        </Formulier>
        <Formulier titel="E-mail versturen" knop="E-mail versturen" id="email" busy={busy !== null} onSubmit={email}>
          <Typography>Aan: {aanmelding.email}</Typography>
          <TextField label="Onderwerp" inputRef={onderwerp} {...field('onderwerp')} />
          <TextField label="Inhoud" multiline minRows={5} {...field('inhoud')} />
        </Formulier>
        <Formulier titel="WhatsApp" knop="WhatsApp openen" id="whatsapp" busy={busy !== null} onSubmit={simple('whatsapp')}>
          <Typography>Aan: {aanmelding.telefoon}</Typography>
          <TextField label="Bericht" multiline minRows={3} inputRef={bericht} {...field('whatsapp')} />
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
