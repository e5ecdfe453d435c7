import type { FormEvent, ReactNode } from 'react';
import { SubmitWithStatus } from './AuthField';

interface RecoveryStepFormProps {
  hintId: string;
  hint: string;
  /** The step's message from the step before ('Als ... bij ons bekend is'). */
  info?: string | null;
  errorId: string;
  error: string | null;
  busy: boolean;
  submitLabel: string;
  onSubmit: (event: FormEvent) => void;
  /** The field. */
  children: ReactNode;
  links?: ReactNode;
}

/** One step's form of the password recovery: its hint, the error of the last try, the field, the button and the busy line. */
export function RecoveryStepForm({ hintId, hint, info, errorId, error, busy, submitLabel, onSubmit, children, links }: RecoveryStepFormProps) {
  return (
    <form className="auth-form" noValidate onSubmit={onSubmit}>
      {info != null && <p className="form-success">{info}</p>}
      <p id={hintId} className="form-hint">
        {hint}
      </p>
      {error !== null && (
        <p id={errorId} className="form-alert" role="alert">
          {error}
        </p>
      )}
      {children}
      <SubmitWithStatus label={submitLabel} busy={busy} busyText="Even geduld…" />
      {links}
    </form>
  );
}

