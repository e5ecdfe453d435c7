/**
 * State of a sign-in form: the password step, the optional second-factor step (TOTP code or a
 * recovery code, D15), validation and messages. The login screens only render it and decide where
 * a signed-in user goes (onSignedIn).
 *
 * Used by both front ends as @klusmaat/shared-ui/auth/*.
 */
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import type { FetchLike, Me } from './api';
import type { KratosFlow } from './kratos';
import {
  sessionFailureMessage,
  signInWithPassword,
  startSecondFactor,
  submitSecondFactor,
  waitForSession,
  type CodeMethod,
} from './login';
import { TEXTS } from './texts';

export type SignInStep = 'credentials' | 'second_factor';
export type SignInField = 'email' | 'password' | 'code';

export interface SignInError {
  message: string;
  /** The fields the message is about (marked aria-invalid); empty for problems of the whole form. */
  fields: SignInField[];
}

export interface UseSignInOptions {
  /** Start at the second factor: the guards send a session without it here (?aal=aal2). */
  startWithSecondFactor?: boolean;
  /** Ask for the password although a session exists (?refresh=true, privileged session). */
  refresh?: boolean;
  /** Called once the session exists and GET /api/v1/me answered with the user. */
  onSignedIn: (me: Me) => void | Promise<void>;
  fetchFn?: FetchLike;
}

export interface SignInController {
  step: SignInStep;
  /** A request is under way; the form ignores new submissions meanwhile. */
  busy: boolean;
  error: SignInError | null;
  codeMethod: CodeMethod;
  submitCredentials: (email: string, password: string) => Promise<void>;
  submitCode: (code: string) => Promise<void>;
  /** Switches between the code from the app and a recovery code. */
  toggleCodeMethod: () => void;
  /** Back to the e-mail and password step. */
  restart: () => void;
}

export function useSignIn(options: UseSignInOptions): SignInController {
  const { startWithSecondFactor = false, refresh = false, fetchFn } = options;
  const onSignedIn = useRef(options.onSignedIn);
  useEffect(() => {
    onSignedIn.current = options.onSignedIn;
  });

  const [step, setStep] = useState<SignInStep>(startWithSecondFactor ? 'second_factor' : 'credentials');
  const [busy, setBusy] = useState(startWithSecondFactor);
  const [error, setError] = useState<SignInError | null>(null);
  const [codeMethod, setCodeMethod] = useState<CodeMethod>('totp');
  const flow = useRef<KratosFlow | null>(null);
  const running = useRef(false);

  /** Runs one task at a time and shows the form as busy meanwhile. */
  async function run(task: () => Promise<void>): Promise<void> {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await task();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  // enterSecondFactor and finish call each other at most once (depth), so that a server that
  // keeps asking for the second factor cannot make the form loop.
  async function enterSecondFactor(depth: number, quietWithoutSession: boolean): Promise<void> {
    const started = await startSecondFactor(fetchFn);
    if (started.kind === 'ready') {
      flow.current = started.flow;
      setStep('second_factor');
      return;
    }
    if (started.kind === 'session' && depth === 0) {
      await finish(depth + 1);
      return;
    }
    flow.current = null;
    setStep('credentials');
    if (started.kind === 'error') setError({ message: started.message, fields: [] });
    else if (!quietWithoutSession) setError({ message: TEXTS.loginFailed, fields: [] });
  }

  async function finish(depth: number): Promise<void> {
    const result = await waitForSession(fetchFn);
    if (result.kind === 'ok') {
      await onSignedIn.current(result.me);
      return;
    }
    if (result.kind === 'mfa_required' && depth === 0) {
      await enterSecondFactor(depth + 1, false);
      return;
    }
    setError({ message: sessionFailureMessage(result), fields: [] });
  }

  // Arriving with ?aal=aal2: prepare the second-factor flow once (also under StrictMode). An
  // effect event, so that it calls this render's functions without making them dependencies.
  const prepared = useRef(false);
  const prepareSecondFactor = useEffectEvent(() => {
    running.current = true;
    void enterSecondFactor(0, true).finally(() => {
      running.current = false;
      setBusy(false);
    });
  });
  useEffect(() => {
    if (!startWithSecondFactor || prepared.current) return;
    prepared.current = true;
    prepareSecondFactor();
  }, [startWithSecondFactor]);

  async function submitCredentials(email: string, password: string): Promise<void> {
    const missing: SignInField[] = [];
    if (email.trim() === '') missing.push('email');
    if (password === '') missing.push('password');
    if (missing.length > 0) {
      setError({ message: TEXTS.missingFields, fields: missing });
      return;
    }
    await run(async () => {
      setError(null);
      const result = await signInWithPassword(email, password, { refresh }, fetchFn);
      if (result.kind === 'error') setError({ message: result.message, fields: [] });
      else if (result.kind === 'second_factor') await enterSecondFactor(1, false);
      else await finish(0);
    });
  }

  async function submitCode(code: string): Promise<void> {
    if (code.trim() === '') {
      setError({ message: codeMethod === 'totp' ? TEXTS.missingTotp : TEXTS.missingLookup, fields: ['code'] });
      return;
    }
    await run(async () => {
      setError(null);
      const current = flow.current;
      if (current === null) {
        await enterSecondFactor(1, false);
        return;
      }
      const result = await submitSecondFactor(current, codeMethod, code, fetchFn);
      if (result.kind === 'error') {
        flow.current = result.flow;
        setError({ message: result.message, fields: ['code'] });
        return;
      }
      await finish(1);
    });
  }

  const toggleCodeMethod = useCallback(() => {
    setCodeMethod((m) => (m === 'totp' ? 'lookup_secret' : 'totp'));
    setError(null);
  }, []);

  const restart = useCallback(() => {
    flow.current = null;
    setStep('credentials');
    setError(null);
  }, []);

  return { step, busy, error, codeMethod, submitCredentials, submitCode, toggleCodeMethod, restart };
}
