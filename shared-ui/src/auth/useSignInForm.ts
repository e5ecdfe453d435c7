import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { SignInController } from './useSignIn';

export type SignInField = 'email' | 'password' | 'code';

export interface SignInFormOptions {
  /** A known e-mail address (e.g. when signing in again); may arrive after the first render. */
  initialEmail?: string;
  /** Called before each submission, so that the page can clear its own notice. */
  onSubmitStart?: () => void;
}

/**
 * The behaviour of the sign-in form, shared by the portal's form (plain HTML) and the console's
 * (MUI): the field values, focus moved to where the user has to act, the ids that tie errors and
 * hints to the fields, and the submit handlers. The forms themselves only render.
 *
 * Used by both front ends as @klusmaat/shared-ui/auth/*.
 */
export function useSignInForm(controller: SignInController, options: SignInFormOptions = {}) {
  const { initialEmail = '', onSubmitStart } = options;
  const { step, busy, error, codeMethod } = controller;
  const id = useId();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [code, setCode] = useState('');
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (initialEmail !== '') setEmail(initialEmail);
  }, [initialEmail]);

  // Validation errors: focus the first field that needs the user's attention.
  useEffect(() => {
    if (error === null) return;
    if (error.fields.includes('email')) emailRef.current?.focus();
    else if (error.fields.includes('password')) passwordRef.current?.focus();
    else if (error.fields.includes('code')) codeRef.current?.focus();
  }, [error]);

  // The second step appears in place of the first: continue in its code field.
  useEffect(() => {
    if (step === 'second_factor') {
      setCode('');
      codeRef.current?.focus();
    }
  }, [step, codeMethod]);

  const errorId = `${id}-fout`;

  /** aria-describedby: the given ids plus the error, when there is one; undefined when empty. */
  const describedBy = (...ids: (string | undefined)[]): string | undefined =>
    [...ids, error === null ? undefined : errorId].filter(Boolean).join(' ') || undefined;
  const invalid = (field: SignInField): boolean => error?.fields.includes(field) ?? false;

  const onCredentials = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    onSubmitStart?.();
    void controller.submitCredentials(email, password);
  };
  const onCode = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    onSubmitStart?.();
    void controller.submitCode(code);
  };

  return {
    step,
    busy,
    error,
    totp: codeMethod === 'totp',
    ids: {
      email: `${id}-email`,
      password: `${id}-password`,
      code: `${id}-code`,
      codeHint: `${id}-code-uitleg`,
      secondStep: `${id}-stap2`,
      error: errorId,
      status: `${id}-status`,
    },
    email,
    setEmail,
    password,
    setPassword,
    showPassword,
    toggleShowPassword: () => setShowPassword((shown) => !shown),
    code,
    setCode,
    refs: { email: emailRef, password: passwordRef, code: codeRef },
    describedBy,
    invalid,
    onCredentials,
    onCode,
    toggleCodeMethod: controller.toggleCodeMethod,
    restart: controller.restart,
  };
}

export type SignInFormState = ReturnType<typeof useSignInForm>;
