import { useId } from 'react';
import { WT } from './texts';

interface Props {
  label: string;
  value: number;
  onChange: (n: number) => void;
  invalid: boolean;
  describedBy?: string | undefined;
}

/**
 * A 1-5 star rating as a radio group: arrow keys choose, a screen reader hears "4 sterren", and
 * every star is a 48-pixel target.
 */
export function StarRating({ label, value, onChange, invalid, describedBy }: Props) {
  const name = useId();
  return (
    <fieldset className="star-rating" aria-invalid={invalid || undefined} aria-describedby={describedBy}>
      <legend>{label}</legend>
      <div className="star-rating-stars">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={n <= value ? 'star star-on' : 'star'}>
            <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{WT.stars(n)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
