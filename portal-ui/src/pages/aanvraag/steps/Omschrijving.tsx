import { counterText, MAX_BESCHRIJVING } from '../logic';
import { ID, type StepProps } from './stepProps';

/** Step 2: what has to be done, at most 200 characters, with a counter. */
export function Omschrijving({ data, update, errors }: StepProps) {
  const { invalid, describedBy, fieldError } = errors;
  return (
    <div className="form-field">
      <label className="form-label" htmlFor={`${ID}-beschrijving`}>
        Wat moet er gebeuren?
      </label>
      <p id={`${ID}-beschrijving-hint`} className="form-hint">
        Bijvoorbeeld: twee schilderijen ophangen in de woonkamer en een gordijnrail in de slaapkamer.
      </p>
      <textarea
        id={`${ID}-beschrijving`}
        name="beschrijving"
        className="form-input form-textarea"
        rows={5}
        maxLength={MAX_BESCHRIJVING}
        required
        value={data.beschrijving}
        onChange={(e) => update('beschrijving', e.target.value)}
        aria-invalid={invalid('beschrijving')}
        aria-describedby={describedBy('beschrijving', `${ID}-beschrijving-hint`, `${ID}-beschrijving-teller`)}
      />
      <p id={`${ID}-beschrijving-teller`} className="char-counter">
        {counterText(data.beschrijving)}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {data.beschrijving.length >= MAX_BESCHRIJVING ? `U heeft het maximum van ${MAX_BESCHRIJVING} tekens bereikt.` : ''}
      </p>
      {fieldError('beschrijving')}
    </div>
  );
}
