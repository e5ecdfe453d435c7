import type { AanvraagPayload, Category } from '../../../api/public';
import { longDate, parseIsoDate } from '../../../lib/pickableDays';
import { TIME_SLOTS } from '../logic';
import { ID } from './stepProps';

/** The job as chosen in steps 1 to 3, above the contact fields of step 4. */
export function Samenvatting({ data, categories }: { data: AanvraagPayload; categories: readonly Category[] }) {
  const chosenDate = parseIsoDate(data.datum);
  const categoryLabel = categories.find((c) => c.key === data.categorie)?.label ?? data.categorie;
  const slot = TIME_SLOTS.find((s) => s.value === data.tijd);
  return (
    <section className="wizard-summary" aria-labelledby={`${ID}-samenvatting`}>
      <h3 id={`${ID}-samenvatting`}>Uw klus</h3>
      <dl>
        <div>
          <dt>Soort klus</dt>
          <dd>{categoryLabel}</dd>
        </div>
        <div>
          <dt>Omschrijving</dt>
          <dd>{data.beschrijving}</dd>
        </div>
        <div>
          <dt>Wanneer</dt>
          <dd>
            {chosenDate === null ? '' : longDate(chosenDate)}
            {slot === undefined ? '' : `, ${slot.label} (${slot.hours})`}
          </dd>
        </div>
      </dl>
    </section>
  );
}
