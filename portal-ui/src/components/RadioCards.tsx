import type { ReactNode } from 'react';
import type { FieldWiring } from './useFieldErrors';

export interface RadioCardOption<V extends string> {
  value: V;
  title: ReactNode;
  /** A line under the title; it describes the option. */
  text?: ReactNode;
}

interface RadioCardsProps<V extends string> extends FieldWiring {
  legend: string;
  options: readonly RadioCardOption<V>[];
  value: string;
  onChange: (value: V) => void;
  /** The cards side by side instead of under each other. */
  row?: boolean;
}

/** A group of radio buttons shown as cards (a fieldset with its legend and server message). */
export function RadioCards<V extends string>({
  id,
  name,
  invalid,
  describedBy,
  error,
  legend,
  options,
  value,
  onChange,
  row,
}: RadioCardsProps<V>) {
  return (
    <fieldset className="choice-group">
      <legend className="form-label">{legend}</legend>
      <div className={row ? 'choice-list choice-list-row' : 'choice-list'}>
        {options.map((option) => {
          const inputId = `${id}-${option.value}`;
          const textId = option.text === undefined ? undefined : `${inputId}-uitleg`;
          return (
            <div key={option.value} className="choice-card">
              <input
                type="radio"
                id={inputId}
                name={name}
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
                aria-invalid={invalid}
                aria-describedby={describedBy(textId)}
              />
              <label htmlFor={inputId}>
                <span className="choice-title">{option.title}</span>
                {option.text !== undefined && (
                  <span id={textId} className="choice-text">
                    {option.text}
                  </span>
                )}
              </label>
            </div>
          );
        })}
      </div>
      {error}
    </fieldset>
  );
}
