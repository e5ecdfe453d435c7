import { useEffect, useId, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { showToast } from '@klusmaat/shared-ui/auth/toastStore';
import { Dialog } from '../../../components/Dialog';
import { euros, longDay, number } from '../format';
import { KlusserPage } from '../shared/KlusserPage';
import { Labelled } from '../shared/Labelled';
import { LoadFailed, Loading } from '../shared/LoadState';
import { useLoad } from '../shared/useLoad';
import { InvoiceCustomer } from '../werkbon/CustomerCard';
import { WT } from '../werkbon/texts';
import { werkbonApi, type BetaalMethode, type Factuur } from '../werkbon/werkbonApi';
import '../werkbon/werkbon.css';

const AGENDA = '/klusser/agenda';
const METHODS: readonly BetaalMethode[] = ['contant', 'pin', 'niet_betaald'];
/** The payment's toasts replace each other: a failure is stale once the payment went through. */
const PAYMENT_FLOW = { flow: 'betaling' } as const;

type Regel = Factuur['regels'][number];

/**
 * An invoice line as the PDF has it: 'Arbeid: 2 uur × € 65,00', '3 × € 4,50' for several pieces,
 * the description alone for a fixed price or a single piece.
 */
export function regelLabel(r: Regel): string {
  const aantal = r.aantal ?? 1;
  const prijs = r.prijs_cents ?? r.bedrag_cents;
  if (r.eenheid === 'uur') return `${r.omschrijving}: ${number(aantal)} uur × ${euros(prijs)}`;
  if (r.eenheid === 'stuk' && aantal !== 1) return `${r.omschrijving}: ${number(aantal)} × ${euros(prijs)}`;
  return r.omschrijving;
}

/** The lines invoiced, exactly those (D26: a fixed price bills its quote's lines, no hourly labour). */
export function Breakdown({ f }: { f: Factuur }) {
  const rows: { label: string; cents: number; className?: string }[] = [
    ...f.regels.map((r) => ({ label: regelLabel(r), cents: r.bedrag_cents })),
    { label: WT.subtotal, cents: f.subtotaal_cents, className: 'factuur-sum' },
    { label: WT.vat, cents: f.btw_cents },
    { label: WT.total, cents: f.totaal_cents, className: 'factuur-total' },
  ];
  return (
    <table className="factuur-table">
      <caption className="visually-hidden">Kostenopbouw</caption>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i} className={row.className}>
            <th scope="row">{row.label}</th>
            <td>{euros(row.cents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Payment({ f, onPaid }: { f: Factuur; onPaid: (f: Factuur) => void }) {
  const [methode, setMethode] = useState<BetaalMethode | null>(null);
  const [notitie, setNotitie] = useState('');
  const [warning, setWarning] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = useId();
  const noteId = useId();
  const errorId = useId();

  const paid = f.betaal_methode === 'contant' || f.betaal_methode === 'pin' || f.betaal_methode === 'bank';
  if (paid) {
    return <p className="klusser-notice">{WT.paidAlready(WT.methods[f.betaal_methode as 'contant' | 'pin'] ?? f.betaal_methode ?? '')}</p>;
  }

  const send = async () => {
    if (methode === null) return;
    if (methode === 'niet_betaald' && notitie.trim() === '') {
      setProblem(WT.unpaidNoteRequired);
      document.getElementById(noteId)?.focus();
      return;
    }
    setBusy(true);
    const answer = await werkbonApi.betaling(f.id, crypto.randomUUID(), methode, methode === 'niet_betaald' ? notitie : '');
    setBusy(false);
    if (answer.kind !== 'ok') {
      setProblem(answer.kind === 'failed' && answer.status < 500 && answer.message !== undefined ? answer.message : WT.paymentFailed);
      showToast(WT.paymentFailed, 'error', PAYMENT_FLOW);
      return;
    }
    showToast(methode === 'niet_betaald' ? WT.unpaidWarning : WT.paidVia(WT.methods[methode]), methode === 'niet_betaald' ? 'error' : 'success', PAYMENT_FLOW);
    onPaid(answer.body);
  };

  return (
    <section className="klus-card" aria-labelledby="factuur-betaling-titel">
      <h2 id="factuur-betaling-titel">{WT.payment}</h2>
      {f.betaal_methode === 'niet_betaald' && <p className="klusser-notice">{WT.unpaidWarning}</p>}
      {problem !== null && (
        <p id={errorId} className="form-alert" role="alert">
          {problem}
        </p>
      )}
      <fieldset className="betaal-keuzes">
        <legend className="visually-hidden">{WT.payment}</legend>
        {METHODS.map((m) => (
          <label key={m} className={methode === m ? 'betaal-keuze betaal-keuze-on' : 'betaal-keuze'}>
            <input
              type="radio"
              name={name}
              value={m}
              checked={methode === m}
              onChange={() => {
                setMethode(m);
                setProblem(null);
                if (m === 'niet_betaald') setWarning(true);
              }}
            />
            {WT.methods[m]}
          </label>
        ))}
      </fieldset>
      {methode === 'niet_betaald' && (
        <Labelled
          as="textarea"
          id={noteId}
          label={WT.unpaidNote}
          rows={3}
          maxLength={1000}
          value={notitie}
          onChange={(e) => setNotitie(e.target.value)}
          aria-invalid={problem === WT.unpaidNoteRequired || undefined}
          aria-describedby={problem === WT.unpaidNoteRequired ? errorId : undefined}
        />
      )}
      <button
        type="button"
        className="button button-primary button-large"
        onClick={() => void send()}
        disabled={methode === null}
        aria-disabled={busy || undefined}
      >
        {WT.confirmPayment}
      </button>
      {warning && (
        <Dialog title={WT.unpaidDialogTitle} onClose={() => { setWarning(false); setMethode(null); }} initialFocus="first">
          <p>{WT.unpaidDialogText}</p>
          <div className="dialog-actions">
            <button type="button" className="button button-secondary" onClick={() => { setWarning(false); setMethode(null); }}>
              {WT.cancel}
            </button>
            <button type="button" className="button button-primary" onClick={() => setWarning(false)}>
              {WT.unpaidConfirm}
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}

/** 'Factuur niet gevonden' sends the klusser back to the agenda (section 2). */
function NotFound() {
  useEffect(() => {
    showToast(WT.invoiceNotFound, 'error');
  }, []);
  return <Navigate to={AGENDA} replace />;
}

function FactuurScreen({ id }: { id: string }) {
  const [load, retry] = useLoad((signal) => werkbonApi.factuur(id, signal), id);
  const [override, setOverride] = useState<Factuur | null>(null);
  if (load.state === 'loading') return <Loading />;
  if (load.state === 'failed') {
    if (load.result.kind === 'failed' && load.result.status === 404) return <NotFound />;
    return <LoadFailed message={load.result.kind === 'network' ? WT.invoiceOffline : WT.invoiceNotFound} onRetry={retry} />;
  }
  const f = override ?? load.body;
  return (
    <>
      <h1>{WT.invoiceTitle}</h1>
      <section className="klus-card" aria-labelledby="factuur-titel">
        <h2 id="factuur-titel">
          {WT.invoiceNumber}: {f.factuurnummer}
        </h2>
        <p>
          {WT.invoiceDate}: {longDay(f.datum)}
        </p>
        <InvoiceCustomer klant={f.klant} />
        <p>{f.omschrijving}</p>
        <Breakdown f={f} />
        <a className="button button-secondary" href={f.pdf_url} download>
          {WT.downloadPdf}
        </a>
      </section>
      <Payment f={f} onPaid={setOverride} />
    </>
  );
}

/** /klusser/factuur/:factuurId — the invoice shown to the customer and its payment (section 2). */
export default function FactuurPage() {
  const { factuurId = '' } = useParams();
  return <KlusserPage title={WT.invoiceTitle}>{() => <FactuurScreen id={factuurId} />}</KlusserPage>;
}
