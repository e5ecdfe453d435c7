import { RadioCards } from '../../../components/RadioCards';
import { longDate, parseIsoDate } from '../../../lib/pickableDays';
import { Calendar } from '../Calendar';
import { TIME_SLOTS } from '../logic';
import { ID, type StepProps } from './stepProps';

/** Step 3: a day from `today` on in the calendar, and a time slot. */
export function DatumEnTijd({ data, update, errors, today }: StepProps & { today: Date }) {
  const { describedBy, fieldError, wiring } = errors;
  const chosenDate = parseIsoDate(data.datum);
  return (
    <>
      <div className="form-field">
        <p id={`${ID}-datum-label`} className="form-label">
          Datum
        </p>
        <p id={`${ID}-datum-hint`} className="form-hint">
          Kies een dag vanaf vandaag. Met de pijltjestoetsen gaat u van dag naar dag, met Page Up en Page Down van
          maand naar maand.
        </p>
        <Calendar
          value={data.datum}
          onChange={(iso) => update('datum', iso)}
          today={today}
          labelledBy={`${ID}-datum-label`}
          describedBy={describedBy('datum', `${ID}-datum-gekozen`)}
        />
        <p id={`${ID}-datum-gekozen`} className="chosen-date" aria-live="polite">
          {chosenDate === null ? 'Nog geen datum gekozen.' : `Gekozen datum: ${longDate(chosenDate)}`}
        </p>
        {fieldError('datum')}
      </div>
      <RadioCards
        {...wiring('tijd')}
        legend="Tijdstip"
        row
        options={TIME_SLOTS.map((s) => ({ value: s.value, title: `${s.label} (${s.hours})` }))}
        value={data.tijd}
        onChange={(tijd) => update('tijd', tijd)}
      />
    </>
  );
}
