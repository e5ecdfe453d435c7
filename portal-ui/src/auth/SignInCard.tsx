import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { Me } from '@klusmaat/shared-ui/auth/api';
import { useSignIn } from '@klusmaat/shared-ui/auth/useSignIn';
import { SignInForm } from './SignInForm';
import './auth.css';

interface SignInCardProps {
  /** The heading's id, which names the card. */
  titleId: string;
  title: string;
  /** Above the form while the user still gives e-mail and password. */
  intro: string;
  /** Where a signed-in user goes; notice shows the page's own message above the form instead. */
  onSignedIn: (me: Me, notice: (message: string) => void) => Promise<void>;
  /** Under the form. */
  children?: ReactNode;
}

/**
 * A login page's card: its title and intro, and the sign-in form (a second factor when the
 * address asks for it with ?aal=aal2); the page decides where the user goes.
 */
export function SignInCard({ titleId, title, intro, onSignedIn, children }: SignInCardProps) {
  const [params] = useSearchParams();
  const [notice, setNotice] = useState<string | null>(null);
  const controller = useSignIn({ startWithSecondFactor: params.get('aal') === 'aal2', onSignedIn: (me) => onSignedIn(me, setNotice) });

  return (
    <div className="container auth-page">
      <section className="auth-card" aria-labelledby={titleId}>
        <h1 id={titleId}>{title}</h1>
        {controller.step === 'credentials' && <p>{intro}</p>}
        <SignInForm controller={controller} notice={notice} onSubmitStart={() => setNotice(null)} />
        {children}
      </section>
    </div>
  );
}
