import type { ReactNode } from 'react';
import type { FieldWiring } from './useFieldErrors';

export interface TextFieldProps extends FieldWiring {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'tel' | 'email' | 'number';
  autoComplete?: string;
  required?: boolean;
  hint?: string;
  className?: string;
  min?: number;
  /** A textarea instead of an input. */
  multiline?: boolean;
  rows?: number;
  maxLength?: number;
}

/** A labelled text input (or textarea) of the public forms, with its hint and server message. */
export function TextField({
  id,
  name,
  invalid,
  describedBy,
  error,
  label,
  value,
  onChange,
  type = 'text',
  autoComplete,
  required,
  hint,
  className,
  min,
  multiline,
  rows = 4,
  maxLength,
}: TextFieldProps) {
  const hintId = hint === undefined ? undefined : `${id}-hint`;
  const common = {
    id,
    name,
    value,
    required: required || undefined,
    'aria-invalid': invalid,
    'aria-describedby': describedBy(hintId),
  };
  return (
    <div className="form-field">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      {hint !== undefined && (
        <p id={hintId} className="form-hint">
          {hint}
        </p>
      )}
      {multiline ? (
        <textarea
          {...common}
          className={className ?? 'form-input form-textarea'}
          rows={rows}
          maxLength={maxLength}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input
          {...common}
          type={type}
          min={min}
          maxLength={maxLength}
          inputMode={type === 'number' ? 'numeric' : undefined}
          autoComplete={autoComplete}
          className={className ?? 'form-input'}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {error}
    </div>
  );
}
