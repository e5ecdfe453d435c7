import { ID, type StepProps, type Towns } from './stepProps';

/**
 * The town: a choice from the towns of the active regions, or a text field when they could not
 * be loaded. A town from a draft that the list no longer holds stays selectable.
 */
export function WoonplaatsField({ data, update, errors, towns }: StepProps & { towns: Towns }) {
  const { invalid, describedBy, fieldError } = errors;
  // The same control either way, so that the label, the error wiring and autofill stay.
  const control = {
    id: `${ID}-woonplaats`,
    name: 'woonplaats',
    className: 'form-input',
    autoComplete: 'address-level2',
    required: true,
    value: data.woonplaats,
    'aria-invalid': invalid('woonplaats'),
    'aria-describedby': describedBy('woonplaats'),
  };
  return (
    <div className="form-field">
      <label className="form-label" htmlFor={`${ID}-woonplaats`}>
        Woonplaats
      </label>
      {towns === 'error' ? (
        <input {...control} onChange={(e) => update('woonplaats', e.target.value)} />
      ) : (
        <select {...control} onChange={(e) => update('woonplaats', e.target.value)}>
          <option value="">{towns === 'loading' ? 'Woonplaatsen worden geladen…' : 'Kies uw woonplaats'}</option>
          {towns !== 'loading' &&
            towns.map((town) => (
              <option key={town.woonplaats} value={town.naam}>
                {town.naam}
              </option>
            ))}
          {towns !== 'loading' && data.woonplaats !== '' && !towns.some((t) => t.naam === data.woonplaats) && (
            <option value={data.woonplaats}>{data.woonplaats}</option>
          )}
        </select>
      )}
      {fieldError('woonplaats')}
    </div>
  );
}
