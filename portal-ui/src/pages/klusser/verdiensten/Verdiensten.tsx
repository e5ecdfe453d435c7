import { useState } from 'react';
import { klusserApi, type Verdienste } from '../api';
import { euros, hours, wholeEuros } from '../format';
import { KlusserPage } from '../shared/KlusserPage';
import { LoadFailed, Loading } from '../shared/LoadState';
import { useLoad } from '../shared/useLoad';
import { KT } from '../texts';
import { Bankrekening } from './Bankrekening';
import { uitbetalingApi, type Bankrekening as Account } from './uitbetalingApi';
import { Uitbetalingen } from './Uitbetalingen';
import './verdiensten.css';

/** The three periods (section 9: week = last 7 days, month = last 30 days, and everything). */
export const PERIODS = [
  { key: 'week', title: 'Deze Week', hint: 'De laatste 7 dagen' },
  { key: 'maand', title: 'Deze Maand', hint: 'De laatste 30 dagen' },
  { key: 'totaal', title: 'Totaal', hint: 'Sinds je begon' },
] as const;

function EarningsCard({ title, hint, value }: { title: string; hint: string; value: Verdienste }) {
  return (
    <li className="klus-card klusser-earnings-card">
      <h2>{title}</h2>
      <p className="klusser-earnings-hint">{hint}</p>
      <dl className="klus-facts">
        <div>
          <dt>Gewerkt</dt>
          <dd>{hours(value.uren)}</dd>
        </div>
        <div>
          <dt>Verdiend</dt>
          <dd className="klusser-earnings-amount">{euros(value.bedrag_cents)}</dd>
        </div>
      </dl>
    </li>
  );
}

function EarningsScreen() {
  const [earnings, reload] = useLoad((signal) => klusserApi.verdiensten(signal));
  // The bank account is read once for both sections: 'IBAN ontbreekt' above the statements, and
  // the form below them; a save updates both.
  const [bank, reloadBank] = useLoad((signal) => uitbetalingApi.bankrekening(signal));
  const [saved, setSaved] = useState<Account | null>(null);
  const account = saved ?? (bank.state === 'ok' ? bank.body.data : null);
  return (
    <>
      <h1>{KT.earningsTitle}</h1>
      {earnings.state === 'loading' && <Loading />}
      {earnings.state === 'failed' && <LoadFailed onRetry={reload} />}
      {earnings.state === 'ok' && (
        <>
          <ul className="klusser-earnings">
            {PERIODS.map((p) => (
              <EarningsCard key={p.key} title={p.title} hint={p.hint} value={earnings.body[p.key]} />
            ))}
          </ul>
          <p className="klusser-footnote">Je verdient {wholeEuros(earnings.body.per_uur_cents / 100)} per gewerkt uur.</p>
        </>
      )}
      <Uitbetalingen ibanOntbreekt={account !== null && !account.ingevuld} />
      <Bankrekening load={bank} saved={saved} onRetry={reloadBank} onSaved={setSaved} />
    </>
  );
}

/**
 * /klusser/verdiensten: hours and earnings of the last week, month and in total (section 2,
 * Earnings); the monthly statements with their state and PDF, and the bank account they are paid
 * on (D31).
 */
export default function Verdiensten() {
  return <KlusserPage title={KT.earningsTitle}>{() => <EarningsScreen />}</KlusserPage>;
}
