import { useId } from 'react';
import type { Klus } from '../api';
import { customerPays, earningsRule, fullAddress, hours, longDay, rate, slotLabel, wholeEuros } from '../format';
import { KlusFacts } from '../shared/KlusFacts';
import { KT } from '../texts';

interface PoolCardProps {
  klus: Klus;
  /** The job being claimed right now (any card): the buttons wait. */
  claiming: string | null;
  onDetails: (klus: Klus) => void;
  onClaim: (klus: Klus) => void;
}

/**
 * One pool job (section 2, Available jobs): what it is, when, where, and what it earns; a job with
 * an accepted quote shows what the customer pays (its fixed price incl. VAT) and, apart from it, what
 * the klusser earns per worked hour, instead of the estimate (D26, D33).
 */
export function PoolCard({ klus, claiming, onDetails, onClaim }: PoolCardProps) {
  const titleId = useId();
  const busy = claiming === klus.id;
  const fixed = klus.vaste_prijs_cents;
  return (
    <li className="klus-card">
      <article aria-labelledby={titleId}>
        <div className="klus-card-head">
          <h2 id={titleId}>{klus.categorie.label}</h2>
          {fixed === null ? (
            <p className="klus-earnings">
              <span className="klus-earnings-label">Geschatte verdienste</span> {wholeEuros(klus.geschatte_verdienste_euros)}
            </p>
          ) : (
            <p className="klus-earnings">
              <span className="klus-earnings-label">{KT.yourEarnings}</span> {earningsRule(klus.verdienste_per_uur_cents)}
            </p>
          )}
        </div>
        <p className="klus-description">{klus.beschrijving}</p>
        <KlusFacts
          facts={[
            ['Datum', longDay(klus.datum)],
            ['Tijd', slotLabel(klus.tijd)],
            ['Plaats', klus.woonplaats],
            fixed !== null && [KT.customerPays, customerPays(fixed)],
            fixed === null && ['Tarief', `€${rate(klus.geschat_tarief_cents)} per uur`],
            fixed === null && ['Geschatte duur', hours(klus.geschatte_duur)],
            ['Adres', fullAddress(klus)],
          ]}
        />
        <div className="klus-actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => onDetails(klus)}
            aria-haspopup="dialog"
          >
            {KT.details}
            <span className="visually-hidden">: {klus.categorie.label}, {longDay(klus.datum)}</span>
          </button>
          <button
            type="button"
            className="button button-primary"
            onClick={() => onClaim(klus)}
            aria-disabled={claiming !== null || undefined}
          >
            {busy ? KT.busy : KT.claim}
            <span className="visually-hidden">: {klus.categorie.label}, {longDay(klus.datum)}</span>
          </button>
        </div>
      </article>
    </li>
  );
}
