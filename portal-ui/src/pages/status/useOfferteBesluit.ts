import { useRef, useState } from 'react';
import { useFieldErrors, useFocusAfterRender } from '../../components/useFieldErrors';
import { statusApi, type Offerte, type OfferteBesluit, type Status } from './statusApi';

type Besluit = OfferteBesluit['besluit'];

/** The answer being confirmed, with the version and the total the customer read. */
export interface Asking {
  besluit: Besluit;
  versie: number;
  totaal: number;
}

const THANKS: Readonly<Record<Besluit, string>> = {
  akkoord: 'Dank u wel voor uw akkoord.',
  niet_akkoord: 'Dank u wel voor uw antwoord.',
};

const DECIDE_FAILED = 'Het versturen van uw antwoord is niet gelukt. Probeer het opnieuw of bel ons.';

/**
 * The customer's answer on the quote (D26): asked, confirmed in a dialog (with a reason for 'Niet
 * akkoord'), sent with the version read, and thanked for; a refusal is shown in the card's alert,
 * a reason the server refuses at its field.
 */
export function useOfferteBesluit(token: string, o: Offerte, onChange: (s: Status) => void, onReload: () => Promise<void>) {
  // A newer version that a poll brings in while the customer confirms is not accepted unseen
  // (the server answers 'offerte_changed').
  const [asking, setAsking] = useState<Asking | null>(null);
  const [reden, setReden] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [thanks, setThanks] = useState<{ versie: number; text: string } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const errors = useFieldErrors<'reden'>('offerte', 'offerte-alert', null);
  const focusLater = useFocusAfterRender<'heading' | 'alert'>((target) => (target === 'heading' ? headingRef.current : alertRef.current));

  const ask = (besluit: Besluit) => {
    setProblem(null);
    errors.clearServerErrors();
    setAsking({ besluit, versie: o.versie, totaal: o.totaal_cents });
  };

  const send = async () => {
    if (asking === null || busy) return;
    setBusy(true);
    const r = await statusApi.decide(token, {
      versie: asking.versie,
      besluit: asking.besluit,
      reden: asking.besluit === 'niet_akkoord' ? reden.trim() : '',
    });
    setBusy(false);
    if (r.kind === 'ok') {
      setAsking(null);
      setReden('');
      setThanks({ versie: asking.versie, text: THANKS[asking.besluit] });
      onChange(r.status);
      focusLater('heading');
      return;
    }
    // A reason the server refuses (too long) is shown at the field, in the open dialog.
    if (r.kind === 'failed' && errors.showServerErrors(r.fields, ['reden']).length > 0) {
      document.getElementById('offerte-reden')?.focus();
      return;
    }
    setAsking(null);
    setProblem(r.kind === 'failed' && r.message !== undefined ? r.message : DECIDE_FAILED);
    focusLater('alert');
    // Changed, already answered or expired meanwhile: show what the quote is now.
    if ((r.kind === 'failed' && r.status === 409) || r.kind === 'not-found') void onReload();
  };

  const changeReden = (value: string) => {
    setReden(value);
    errors.clearServerError('reden');
  };

  return {
    asking,
    ask,
    close: () => setAsking(null),
    send,
    busy,
    reden,
    changeReden,
    redenField: errors.wiring('reden'),
    problem,
    /** The thanks for the version on the page once it may no longer be answered, else null. */
    thanks: thanks !== null && thanks.versie === o.versie && !o.beslisbaar ? thanks.text : null,
    headingRef,
    alertRef,
  };
}
