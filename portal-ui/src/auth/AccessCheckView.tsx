import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { browser } from '@klusmaat/shared-ui/auth/browser';
import type { GuardState } from '@klusmaat/shared-ui/auth/guard';
import { TEXTS } from '@klusmaat/shared-ui/auth/texts';

interface AccessCheckViewProps {
  state: GuardState;
  /** Where "Terug naar login" leads. */
  loginPath: string;
  children: ReactNode;
}

/** What a guarded area shows in each guard state: a spinner, the error screen, or the content. */
export function AccessCheckView({ state, loginPath, children }: AccessCheckViewProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (state.status === 'error') headingRef.current?.focus();
  }, [state.status]);

  if (state.status === 'allowed') return <>{children}</>;

  if (state.status === 'error') {
    return (
      <section className="container access-error" aria-labelledby="toegang-fout-titel">
        <h1 id="toegang-fout-titel" ref={headingRef} tabIndex={-1}>
          {TEXTS.accessErrorHeading}
        </h1>
        <p role="alert">{state.message}</p>
        <div className="button-row">
          <button type="button" className="button button-primary" onClick={() => browser.reload()}>
            {TEXTS.retry}
          </button>
          <Link to={loginPath} className="button button-secondary">
            {TEXTS.backToLogin}
          </Link>
        </div>
      </section>
    );
  }

  // checking, and the moment before a redirect
  return (
    <div className="container access-check" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{TEXTS.checkingAccess}</span>
    </div>
  );
}
