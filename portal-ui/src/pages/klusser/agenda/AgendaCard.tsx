import { useId } from 'react';
import { Link } from 'react-router';
import type { Klus } from '../api';
import { customerPays, earningsRule, estimateLine, fullAddress, longDay, notePreview, slotLabel, startTime, STATUS_LABELS } from '../format';
import { changesCounter, MAX_CHANGES } from '../plan-klus/planLogic';
import { KlusFacts } from '../shared/KlusFacts';
import { KT } from '../texts';

interface AgendaCardProps {
  klus: Klus;
  onNote: (klus: Klus) => void;
}

/** One own job in the agenda, with every line of section 2 (Agenda). */
export function AgendaCard({ klus, onNote }: AgendaCardProps) {
  const titleId = useId();
  const counterId = useId();
  // An accepted quote's fixed price replaces the estimate (D26).
  const fixed = klus.vaste_prijs_cents;
  const estimate = fixed === null ? estimateLine(klus) : null;
  const note = klus.notities?.trim() ?? '';
  const maxed = klus.planning_changes_count >= MAX_CHANGES;
  const plan = `/klusser/plan-klus/${encodeURIComponent(klus.id)}`;
  const about = (
    <span className="visually-hidden">
      : {klus.categorie.label}, {longDay(klus.datum)}
    </span>
  );

  return (
    <li className={`klus-card klus-status-${klus.status}`}>
      <article aria-labelledby={titleId}>
        <div className="klus-card-head">
          <h2 id={titleId}>{klus.categorie.label}</h2>
          <span className={`klus-badge klus-badge-${klus.status}`}>{STATUS_LABELS[klus.status]}</span>
        </div>
        <p className="klus-description">{klus.beschrijving}</p>
        <KlusFacts
          facts={[
            ['Datum', longDay(klus.datum)],
            ['Tijdvak', slotLabel(klus.tijd)],
            ['Adres', fullAddress(klus)],
            klus.geplande_start_tijd !== null && ['Starttijd', startTime(klus.geplande_start_tijd)],
            fixed !== null && [KT.customerPays, customerPays(fixed)],
            fixed !== null && [KT.yourEarnings, earningsRule(klus.verdienste_per_uur_cents)],
          ]}
        />
        {estimate !== null && <p className="klus-estimate">{estimate}</p>}
        {klus.planning_changes_count > 0 && (
          <p className="klus-changes" id={counterId}>
            {changesCounter(klus.planning_changes_count)}
          </p>
        )}
        {note !== '' && (
          <button type="button" className="klus-note-preview" onClick={() => onNote(klus)} aria-haspopup="dialog">
            <span className="klus-note-label">{KT.notes}:</span> {notePreview(note)}
          </button>
        )}
        <div className="klus-actions">
          {klus.status === 'open' && (
            <Link to={plan} className="button button-primary">
              {KT.planThisJob}
              {about}
            </Link>
          )}
          {klus.status !== 'open' && (
            <Link to={`/klusser/werkbon/${encodeURIComponent(klus.id)}`} className="button button-primary">
              {KT.viewWorkOrder}
              {about}
            </Link>
          )}
          {klus.status === 'ingepland' &&
            (maxed ? (
              <button type="button" className="button button-secondary" aria-disabled="true" aria-describedby={counterId}>
                {KT.changeAppointment}
                {about}
              </button>
            ) : (
              <Link to={`${plan}?wijzig=true`} className="button button-secondary">
                {KT.changeAppointment}
                {about}
              </Link>
            ))}
        </div>
      </article>
    </li>
  );
}
