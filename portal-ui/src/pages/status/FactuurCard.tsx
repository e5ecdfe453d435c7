import { useState } from 'react';
import { euros, longDay } from '../klusser/format';
import { StatusCard } from './StatusCard';
import type { Factuur, FactuurStaat } from './statusApi';

/** The states in which the customer still has to pay: the amount, the day, the account and the reference. */
const TE_BETALEN: readonly string[] = ['open', 'deels_betaald', 'in_bespreking', 'uit_handen'] satisfies FactuurStaat[];
const KNOWN: readonly string[] = [...TE_BETALEN, 'betaald', 'gecrediteerd'];

/** 'NL91ABNA0417164300' -> 'NL91 ABNA 0417 1643 00': in groups of four, as a bank writes it. */
function ibanGroups(iban: string): string {
  return compact(iban).replace(/(.{4})(?=.)/g, '$1 ');
}

/** The IBAN without spaces, as a bank app takes it when pasted. */
function compact(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase();
}

/** A copy button with the thing it copies in its name ('Kopieer rekeningnummer'). */
function CopyButton({ label, onCopy }: { label: string; onCopy: () => void }) {
  return (
    <button type="button" className="button button-secondary status-factuur-kopieer" onClick={onCopy}>
      {label}
    </button>
  );
}

/** How to pay: the amount still open, by when, to which account and with which reference. */
function Betalen({ f }: { f: Factuur }) {
  const [melding, setMelding] = useState('');

  const copy = async (value: string, wat: 'rekeningnummer' | 'factuurnummer') => {
    // Emptied first, so the same message after a second click is announced again.
    setMelding('');
    try {
      if (typeof navigator.clipboard?.writeText !== 'function') throw new Error('no clipboard');
      await navigator.clipboard.writeText(value);
      setMelding(`Het ${wat} is gekopieerd. U kunt het nu plakken in uw bank-app.`);
    } catch {
      setMelding(`Kopiëren is niet gelukt. Schrijf het ${wat} over.`);
    }
  };

  const betaald = f.totaal_cents - f.open_cents;
  return (
    <>
      <p className="status-factuur-bedrag">
        Nog te betalen: <span className="nowrap">{euros(f.open_cents)}</span>
      </p>
      {f.staat === 'deels_betaald' && betaald > 0 && <p>U heeft al {euros(betaald)} betaald.</p>}
      <p>
        Uiterlijk betalen op: <strong>{longDay(f.vervaldatum)}</strong>
      </p>
      <div className="status-factuur-gegeven">
        <p>
          Op rekening: <strong className="status-factuur-waarde">{ibanGroups(f.iban)}</strong> t.n.v. {f.uitgever}
        </p>
        <CopyButton label="Kopieer rekeningnummer" onCopy={() => void copy(compact(f.iban), 'rekeningnummer')} />
      </div>
      <div className="status-factuur-gegeven">
        <p>
          Vermeld bij de betaling: <strong className="status-factuur-waarde status-factuur-nummer">{f.factuurnummer}</strong>
        </p>
        <CopyButton label="Kopieer factuurnummer" onCopy={() => void copy(f.factuurnummer, 'factuurnummer')} />
      </div>
      <p className="status-factuur-melding" role="status">
        {melding}
      </p>
    </>
  );
}

/** The invoice's number, to name when calling. */
function Nummer({ f }: { f: Factuur }) {
  return (
    <p>
      Factuurnummer: <strong className="status-factuur-nummer">{f.factuurnummer}</strong>
    </p>
  );
}

/** What the invoice asks of the customer now (D30), by its state. */
function Stand({ f }: { f: Factuur }) {
  if (f.staat === 'betaald') {
    return (
      <>
        <p className="status-factuur-klaar status-factuur-betaald">
          <span aria-hidden="true">✓ </span>Betaald
        </p>
        <p>Hartelijk dank voor uw betaling.</p>
        <Nummer f={f} />
      </>
    );
  }
  if (f.staat === 'gecrediteerd') {
    return (
      <>
        <p className="status-factuur-klaar">{f.gecrediteerd_door === null ? 'Gecrediteerd' : `Gecrediteerd door ${f.gecrediteerd_door}`}</p>
        <p>U hoeft niets te betalen.</p>
        <Nummer f={f} />
      </>
    );
  }
  // Still to be paid: how. A state this page does not know yet: the same while money is open, else the number only.
  if (TE_BETALEN.includes(f.staat) || (!KNOWN.includes(f.staat) && f.open_cents > 0)) {
    return (
      <>
        <p>De klus is afgerond. Hartelijk dank!</p>
        <Betalen f={f} />
      </>
    );
  }
  return <Nummer f={f} />;
}

/**
 * 'Uw factuur' on a finished job (D30): what is still to be paid, by when and how (account and
 * reference, each with a copy button), or that it is paid or credited; and the PDF.
 */
export default function FactuurCard({ f, pdf }: { f: Factuur | null; pdf: string }) {
  return (
    <StatusCard id="status-factuur" title="Uw factuur" className="status-factuur">
      {f === null ? <p>De klus is afgerond. Hartelijk dank!</p> : <Stand f={f} />}
      {pdf !== '' && (
        <a className="button button-primary button-large" href={pdf} download>
          Download uw factuur (PDF)
        </a>
      )}
    </StatusCard>
  );
}
