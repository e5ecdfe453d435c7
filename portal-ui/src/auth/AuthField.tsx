import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

interface AuthFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  /** Under the input, inside the field (the 'Wachtwoord tonen' button). */
  children?: ReactNode;
}

/** A labelled input of the sign-in and recovery forms; the input takes every other prop. */
export function AuthField({ id, label, inputRef, className = 'form-input', children, ...input }: AuthFieldProps) {
  return (
    <div className="form-field">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input ref={inputRef} id={id} className={className} {...input} />
      {children}
    </div>
  );
}

/**
 * 'Wachtwoord tonen' / 'Wachtwoord verbergen' under a password field. A button, not a checkbox:
 * its text must not be a second label containing "Wachtwoord".
 */
export function ShowPasswordButton({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  return (
    <button type="button" className="link-button" onClick={onToggle}>
      {shown ? 'Wachtwoord verbergen' : 'Wachtwoord tonen'}
    </button>
  );
}

/** The form's submit button, and the status line under it that says when the form is busy. */
export function SubmitWithStatus({ label, busy, busyText, statusId }: { label: string; busy: boolean; busyText: string; statusId?: string }) {
  return (
    <>
      <div className="form-actions">
        <button type="submit" className="button button-primary" aria-disabled={busy || undefined}>
          {label}
        </button>
      </div>
      <p id={statusId} className="form-status" role="status">
        {busy ? busyText : ''}
      </p>
    </>
  );
}
