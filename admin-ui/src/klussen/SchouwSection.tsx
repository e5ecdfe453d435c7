import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternate';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import EventIcon from '@mui/icons-material/Event';
import { Alert, Box, Button, DialogContentText, Link, Typography } from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';
import { required, TextInput, useNotify, type Validator } from 'react-admin';
import { visuallyHidden } from '../a11y/ScreenReaderText';
import { errorFields, failureText } from '../api/action';
import { useAction } from '../api/useAction';
import type { Schouw } from './actions';
import { KlusSection } from './KlusSection';
import { useApiData } from '../api/useApiData';
import { momentNl } from '../fields/dates';
import { MAX_FOTO_BYTES } from '../klussers/ShowcaseFotos';
import { FORM_FIELDS, FormDialog } from '../dialogs/FormDialog';
import { CountedTextInput } from '../fields/CountedTextInput';


/** The most photos a survey keeps (the server refuses the 11th with too_many_photos). */
const MAX_FOTOS = 10;

/** The photo types the server takes; the picker offers only these, and a choice is checked again. */
const FOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** The survey's date and time as the form's inputs hold them (Amsterdam, whatever the browser's zone). */
function inputsOf(start: string): { datum: string; tijd: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(new Date(start));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { datum: `${get('year')}-${get('month')}-${get('day')}`, tijd: `${get('hour')}:${get('minute')}` };
}

/** The longest reason of a cancellation (the server refuses more). */
const MAX_REDEN = 500;

/**
 * 'Gratis schouw' (D26) on a job: plan the survey (date, time, who does it), change it, cancel it
 * (D33: with an optional reason; the customer is e-mailed and gets no reminder), and record its
 * outcome. Planning e-mails the customer with the status link, where the appointment shows. A
 * survey is planned for an open request (planbaar); afterwards the section only tells. A cancelled
 * survey is told, and a new one can be planned. Once a survey exists, its photos show, and photos
 * can be added (see SchouwFotos).
 */
export function SchouwSection({ klusId, planbaar, heeftEmail }: { klusId: string; planbaar: boolean; heeftEmail: boolean }) {
  const path = `/api/v1/klussen/${encodeURIComponent(klusId)}/schouw`;
  const { data: schouw, failed, set: setSchouw } = useApiData<Schouw | null>(path);
  const [dialog, setDialog] = useState<'plan' | 'uitkomst' | 'annuleren' | null>(null);
  const gepland = schouw?.status === 'gepland';
  const geannuleerd = schouw?.status === 'geannuleerd';

  const done = (s: Schouw) => {
    setSchouw(s);
    setDialog(null);
  };

  return (
    <KlusSection
      id={`schouw-${klusId}`}
      title="Gratis schouw"
      actions={
        planbaar && schouw !== undefined && schouw?.status !== 'uitgevoerd' && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="outlined" size="large" startIcon={<EventIcon />} onClick={() => setDialog('plan')}>
              {gepland ? 'Schouw wijzigen' : 'Schouw plannen'}
            </Button>
            {gepland && (
              <Button variant="outlined" size="large" onClick={() => setDialog('uitkomst')}>
                Uitkomst vastleggen
              </Button>
            )}
            {gepland && (
              <Button variant="outlined" size="large" color="error" startIcon={<EventBusyIcon />} onClick={() => setDialog('annuleren')}>
                Schouw annuleren
              </Button>
            )}
          </Box>
        )
      }
    >
      {failed && <Alert severity="error">Kon de schouw niet laden.</Alert>}
      {schouw === null && <Typography>{planbaar ? 'Nog geen schouw gepland.' : 'Er is geen schouw geweest.'}</Typography>}
      {schouw && schouw.status === 'gepland' && (
        <Typography data-testid="schouw">
          Gepland op <strong>{momentNl(schouw.start)}</strong> door <strong>{schouw.opnemer}</strong>.
        </Typography>
      )}
      {schouw && geannuleerd && (
        <Box data-testid="schouw">
          <Typography>
            Geannuleerd: de schouw van <strong>{momentNl(schouw.start)}</strong> door <strong>{schouw.opnemer}</strong> gaat niet door.
          </Typography>
          {schouw.reden !== '' && <Typography sx={{ overflowWrap: 'anywhere' }}>Reden: {schouw.reden}</Typography>}
        </Box>
      )}
      {schouw && schouw.status === 'uitgevoerd' && (
        <Box data-testid="schouw">
          <Typography>
            Uitgevoerd op <strong>{momentNl(schouw.start)}</strong> door <strong>{schouw.opnemer}</strong>.
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{schouw.uitkomst}</Typography>
        </Box>
      )}
      {/* A cancelled survey keeps the photos it had, and takes no new ones. */}
      {schouw && (!geannuleerd || schouw.fotos.length > 0) && (
        <SchouwFotos
          klusId={klusId}
          fotos={schouw.fotos}
          // Photos may be added while the survey can still be changed (planbaar: an open request),
          // e.g. taken during the visit before the outcome is typed, and also after the outcome is
          // recorded, whatever the job's status by then: the photos belong to that outcome and often
          // arrive a little later. A planned survey on a job that is no longer open never took place,
          // so it gets no photos. The server checks the rights either way.
          magToevoegen={(planbaar && gepland) || schouw.status === 'uitgevoerd'}
          onAdded={setSchouw}
        />
      )}
      {dialog === 'plan' && <PlanDialog klusId={klusId} schouw={gepland ? schouw : null} heeftEmail={heeftEmail} onClose={() => setDialog(null)} onDone={done} />}
      {dialog === 'uitkomst' && <UitkomstDialog klusId={klusId} onClose={() => setDialog(null)} onDone={done} />}
      {dialog === 'annuleren' && schouw && (
        <AnnuleerDialog klusId={klusId} schouw={schouw} heeftEmail={heeftEmail} onClose={() => setDialog(null)} onDone={done} />
      )}
    </KlusSection>
  );
}

/** The survey's time: on the half hour or not, between 07:00 and 20:00 (as the server checks). */
const tijdRegel: Validator = (value: unknown) =>
  typeof value === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(value) && value >= '07:00' && value <= '20:00'
    ? undefined
    : 'Kies een tijd tussen 07:00 en 20:00.';
const opnemerRegel: Validator = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? undefined : 'Vul de naam in van wie de schouw doet.';
const datumRegel = required('Kies een datum vanaf vandaag.');

/** A date or time input whose label stays above the browser's own placeholder (dd-mm-jjjj, --:--). */
const SHRINK = { inputLabel: { shrink: true } } as const;

/** What each of the survey's dialogs gets: the job, and what to do when it closes or is done. */
interface DialogProps {
  klusId: string;
  onClose: () => void;
  onDone: (s: Schouw) => void;
}

function PlanDialog({ klusId, schouw, heeftEmail, onClose, onDone }: DialogProps & { schouw: Schouw | null; heeftEmail: boolean }) {
  const plan = useAction('planSchouw');
  const initial = schouw ? inputsOf(schouw.start) : { datum: '', tijd: '' };

  const submit = (values: Record<string, unknown>) => {
    const { datum, tijd, opnemer } = values as { datum: string; tijd: string; opnemer: string };
    return plan.submit({ id: klusId, datum, tijd, opnemer }, (answer) => onDone(answer.data));
  };

  return (
    <FormDialog
      id="schouw-plan-title"
      title={schouw ? 'Schouw wijzigen' : 'Schouw plannen'}
      defaultValues={{ ...initial, opnemer: schouw?.opnemer ?? '' }}
      onSubmit={submit}
      contentSx={FORM_FIELDS}
      label={schouw ? 'Wijzigen' : 'Plannen'}
      pending={plan.isPending}
      onClose={onClose}
    >
      <TextInput source="datum" label="Datum" type="date" validate={datumRegel} helperText={false} slotProps={SHRINK} />
      <TextInput source="tijd" label="Tijd" type="time" validate={[required('Kies een tijd tussen 07:00 en 20:00.'), tijdRegel]} helperText="Tussen 07:00 en 20:00" slotProps={SHRINK} />
      <TextInput source="opnemer" label="Wie doet de schouw?" validate={[required('Vul de naam in van wie de schouw doet.'), opnemerRegel]} helperText={false} />
      <Typography variant="body2">
        {heeftEmail
          ? 'De klant krijgt een e-mail met de afspraak en de persoonlijke statuslink.'
          : 'Deze klant heeft geen e-mailadres: bel de klant om de afspraak door te geven.'}
      </Typography>
    </FormDialog>
  );
}

const uitkomstRegel: Validator = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' && value.length <= 2000 ? undefined : 'Beschrijf de uitkomst van de schouw (hoogstens 2000 tekens).';

function UitkomstDialog({ klusId, onClose, onDone }: DialogProps) {
  const record = useAction('schouwUitkomst');

  const submit = (values: Record<string, unknown>) =>
    record.submit({ id: klusId, uitkomst: String(values['uitkomst'] ?? '') }, (answer) => onDone(answer.data));

  return (
    <FormDialog
      id="schouw-uitkomst-title"
      title="Uitkomst vastleggen"
      defaultValues={{ uitkomst: '' }}
      onSubmit={submit}
      contentSx={FORM_FIELDS}
      label="Vastleggen"
      pending={record.isPending}
      onClose={onClose}
    >
      <CountedTextInput
        source="uitkomst"
        label="Uitkomst (wat moet er gebeuren, welk materiaal?)"
        multiline
        minRows={4}
        fullWidth
        validate={[required('Beschrijf de uitkomst van de schouw (hoogstens 2000 tekens).'), uitkomstRegel]}
        max={2000}
      />
    </FormDialog>
  );
}

const redenRegel: Validator = (value: unknown) =>
  typeof value !== 'string' || value.length <= MAX_REDEN ? undefined : `Houd de reden kort (hoogstens ${MAX_REDEN} tekens).`;

/**
 * 'Schouw annuleren': asks to confirm, with the appointment it is about, an optional reason for the
 * customer's e-mail, and what the customer will hear. 'Terug' keeps the survey.
 */
function AnnuleerDialog({ klusId, schouw, heeftEmail, onClose, onDone }: DialogProps & { schouw: Schouw; heeftEmail: boolean }) {
  const cancel = useAction('cancelSchouw');

  const submit = (values: Record<string, unknown>) =>
    cancel.submit({ id: klusId, reden: String(values['reden'] ?? '').trim() }, (answer) => onDone(answer.data));

  return (
    <FormDialog
      id="schouw-annuleren-title"
      title="Schouw annuleren?"
      describedBy="schouw-annuleren-tekst"
      defaultValues={{ reden: '' }}
      onSubmit={submit}
      contentSx={FORM_FIELDS}
      label="Schouw annuleren"
      cancel="Terug"
      color="error"
      pending={cancel.isPending}
      onClose={onClose}
    >
      <DialogContentText id="schouw-annuleren-tekst" color="text.primary">
        De schouw van <strong>{momentNl(schouw.start)}</strong> door <strong>{schouw.opnemer}</strong> gaat dan niet door en krijgt geen herinnering.{' '}
        {heeftEmail ? 'De klant krijgt hiervan een e-mail.' : 'Deze klant heeft geen e-mailadres: bel de klant om het door te geven.'}
      </DialogContentText>
      <CountedTextInput
        source="reden"
        label="Reden (niet verplicht)"
        multiline
        minRows={2}
        fullWidth
        validate={redenRegel}
        hint={heeftEmail ? 'Staat in de e-mail aan de klant. ' : ''}
        max={MAX_REDEN}
      />
    </FormDialog>
  );
}

/**
 * The photos of the survey: thumbnails that open the full photo in a new tab, and 'Foto toevoegen',
 * which opens the device's file picker (a native input, out of sight, that the button clicks). A
 * choice is checked here first (type, 5 MB) and again by the server, which judges the content.
 */
function SchouwFotos({
  klusId,
  fotos,
  magToevoegen,
  onAdded,
}: {
  klusId: string;
  fotos: Schouw['fotos'];
  magToevoegen: boolean;
  onAdded: (s: Schouw) => void;
}) {
  const notify = useNotify();
  const add = useAction('addSchouwFoto');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // Whether the button had the focus when the upload began: disabling it drops the focus, so it
  // goes back there once the button is enabled again (keyboard users keep their place).
  const refocus = useRef(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const vol = fotos.length >= MAX_FOTOS;

  useEffect(() => {
    if (!busy && refocus.current) {
      refocus.current = false;
      button.current?.focus();
    }
  }, [busy]);

  const upload = async (file: File) => {
    if (!FOTO_TYPES.includes(file.type)) {
      setError('Dit bestandstype is niet toegestaan. Kies een foto (JPG, PNG of WebP).');
      return;
    }
    if (file.size > MAX_FOTO_BYTES) {
      setError('Bestand mag maximaal 5MB zijn');
      return;
    }
    setError(undefined);
    refocus.current = document.activeElement === button.current;
    setBusy(true);
    try {
      // mutateAsync, not run: a refusal shows at the button, not as a toast.
      const answer = await add.mutateAsync({ id: klusId, file });
      notify(answer.message || 'Foto toegevoegd', { type: 'success' });
      onAdded(answer.data);
    } catch (e) {
      // A refused file names its reason on the field; anything else in the server's own words.
      const field = errorFields(e)['file'];
      setError(field ?? failureText(e, 'Kon de foto niet toevoegen'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 1, mt: 1 }}>
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700 }}>
        Foto&apos;s van de schouw
      </Typography>
      {fotos.length === 0 ? (
        <Typography>Nog geen foto&apos;s.</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, 160px)' }}>
          {fotos.map((f, i) => (
            <li key={f.id}>
              <Link
                href={f.url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Foto ${i + 1} van de schouw openen (nieuw tabblad)`}
                sx={{ display: 'block', width: 160, height: 160, borderRadius: 1, '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: '2px' } }}
              >
                <Box
                  component="img"
                  src={f.url}
                  alt={`Foto ${i + 1} van de schouw`}
                  loading="lazy"
                  sx={{ display: 'block', width: 160, height: 160, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }}
                />
              </Link>
            </li>
          ))}
        </Box>
      )}
      {magToevoegen &&
        (vol ? (
          <Typography>Het maximum van {MAX_FOTOS} foto&apos;s is bereikt.</Typography>
        ) : (
          <Box sx={{ position: 'relative', display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button
              ref={button}
              variant="outlined"
              size="large"
              startIcon={<AddPhotoIcon />}
              disabled={busy}
              aria-describedby={error === undefined ? `${id}-hulp` : `${id}-hulp ${id}-fout`}
              onClick={() => input.current?.click()}
            >
              Foto toevoegen
            </Button>
            <Typography id={`${id}-hulp`} variant="body2">
              JPG, PNG of WebP, hoogstens 5 MB.
            </Typography>
            <Typography role="status" sx={{ fontWeight: 700 }}>
              {busy ? 'Foto wordt geüpload…' : ''}
            </Typography>
            {/* Out of sight and out of the tab order (the button opens it), but labelled for screen readers. */}
            <input
              ref={input}
              type="file"
              accept={FOTO_TYPES.join(',')}
              tabIndex={-1}
              aria-label="Foto van de schouw kiezen"
              style={visuallyHidden}
              onChange={(e) => {
                const file = e.target.files?.[0];
                // Cleared, so that choosing the same file again (after an error) is a change too.
                e.target.value = '';
                if (file) void upload(file);
              }}
            />
          </Box>
        ))}
      {error !== undefined && (
        <Alert severity="error" id={`${id}-fout`}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
