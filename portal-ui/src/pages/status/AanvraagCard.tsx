import { longDay, slotLabel } from '../klusser/format';
import { StatusCard } from './StatusCard';
import type { Status } from './statusApi';

/** 'Uw aanvraag': what the customer asked for, as they asked it. */
export function AanvraagCard({ s }: { s: Status }) {
  return (
    <StatusCard id="status-aanvraag" title="Uw aanvraag">
      <dl className="status-details">
        <dt>Soort klus</dt>
        <dd>{s.categorie}</dd>
        <dt>Uw omschrijving</dt>
        <dd>{s.beschrijving}</dd>
        <dt>Gewenste datum</dt>
        <dd>{longDay(s.datum)}</dd>
        <dt>Gewenste tijd</dt>
        <dd>{slotLabel(s.tijd)}</dd>
        <dt>Woonplaats</dt>
        <dd>{s.woonplaats}</dd>
      </dl>
    </StatusCard>
  );
}
