import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useSearchParams } from 'react-router';
import type { KratosFlow } from '@klusmaat/shared-ui/auth/kratos';
import { PATHS } from '@klusmaat/shared-ui/auth/roles';
import {
  destinationAfterRecovery,
  loadRecoveryFlow,
  loadSettingsFlow,
  RECOVERY_TEXTS,
  saveNewPassword,
  sendRecoveryCode,
  startRecovery,
  verifyRecoveryCode,
  type StepResult,
} from './recovery';

export type RecoveryStep = 'email' | 'code' | 'password' | 'done';

/**
 * The steps of the password recovery page and what each submits (auth/recovery.ts): the e-mail
 * address, the code from the e-mail, the new password. Focus moves to a new step's heading, and
 * to the field after an error.
 */
export function usePasswordRecovery() {
  const [params] = useSearchParams();
  const [step, setStep] = useState<RecoveryStep>('email');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [destination, setDestination] = useState<string>(PATHS.portals);
  const recoveryFlow = useRef<KratosFlow | null>(null);
  const settingsFlow = useRef<KratosFlow | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fieldRef = useRef<HTMLInputElement>(null);
  const firstStep = useRef(true);

  // Each new step: move focus to its heading, so that screen readers start reading there.
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  useEffect(() => {
    if (error !== null) fieldRef.current?.focus();
  }, [error]);

  // Arriving from the link in the e-mail (?flow=...): continue that flow.
  const flowParam = params.get('flow');
  useEffect(() => {
    if (flowParam === null) return;
    let cancelled = false;
    void (async () => {
      setBusy(true);
      const recovery = await loadRecoveryFlow(flowParam);
      if (cancelled) return;
      if (recovery.kind === 'ok') {
        recoveryFlow.current = recovery.flow;
        if (recovery.flow.state === 'sent_email') setStep('code');
      } else {
        // Kratos may also send the browser here with the settings flow for the new password.
        const settings = await loadSettingsFlow(flowParam);
        if (cancelled) return;
        if (settings.kind === 'ok') {
          settingsFlow.current = settings.flow;
          setStep('password');
        }
      }
      setBusy(false);
    })();
    return () => {
      cancelled = true;
    };
  }, [flowParam]);

  const run = async (task: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await task();
    } finally {
      setBusy(false);
    }
  };

  /** Whether Kratos took the step; if not, its message is shown and the flow it answered kept in flowRef. */
  const accepted = <T>(result: StepResult<T>, flowRef?: RefObject<KratosFlow | null>): result is { kind: 'ok' } & T => {
    if (result.kind === 'ok') return true;
    if (flowRef !== undefined && result.flow !== undefined) flowRef.current = result.flow;
    setError(result.message);
    return false;
  };

  /** The flow a step goes on with; gone (the page was reloaded meanwhile): back to the first step. */
  const currentFlow = (flowRef: RefObject<KratosFlow | null>): KratosFlow | null => {
    if (flowRef.current === null) {
      setStep('email');
      setError(RECOVERY_TEXTS.restart);
    }
    return flowRef.current;
  };

  /** A step's submit: its field filled in (else the message that it is missing), then its task, one at a time. */
  const submit = (filled: boolean, missing: string, task: () => Promise<void>) => (event: FormEvent) => {
    event.preventDefault();
    if (!filled) {
      setError(missing);
      return;
    }
    void run(task);
  };

  /** Asks for a code by e-mail: on a new flow from the first step, else on the flow under way. */
  const sendCode = async () => {
    let flow = recoveryFlow.current;
    if (flow === null || step === 'email') {
      const started = await startRecovery();
      if (!accepted(started)) return;
      flow = started.flow;
    }
    const sent = await sendRecoveryCode(flow, email);
    if (!accepted(sent, recoveryFlow)) return;
    recoveryFlow.current = sent.flow;
    setInfo(`Als ${email.trim()} bij ons bekend is, ontvangt u binnen enkele minuten een e-mail met een code.`);
    setCode('');
    setStep('code');
  };

  const onEmail = submit(email.trim() !== '', RECOVERY_TEXTS.missingEmail, sendCode);

  const onCode = submit(code.trim() !== '', RECOVERY_TEXTS.missingCode, async () => {
    const flow = currentFlow(recoveryFlow);
    if (flow === null) return;
    const verified = await verifyRecoveryCode(flow, code);
    if (!accepted(verified, recoveryFlow)) return;
    const loaded = await loadSettingsFlow(verified.settingsFlowId);
    if (!accepted(loaded)) return;
    settingsFlow.current = loaded.flow;
    setInfo(null);
    setStep('password');
  });

  const onPassword = submit(password !== '', RECOVERY_TEXTS.missingPassword, async () => {
    const flow = currentFlow(settingsFlow);
    if (flow === null) return;
    const saved = await saveNewPassword(flow, password);
    if (!accepted(saved, settingsFlow)) return;
    setPassword('');
    setDestination(await destinationAfterRecovery());
    setStep('done');
  });

  const newCode = () => {
    if (email.trim() === '') setStep('email');
    else void run(sendCode);
  };

  const otherEmail = () => {
    setError(null);
    setInfo(null);
    setStep('email');
  };

  return {
    step,
    busy,
    error,
    info,
    email,
    setEmail,
    code,
    setCode,
    password,
    setPassword,
    showPassword,
    setShowPassword,
    destination,
    headingRef,
    fieldRef,
    onEmail,
    onCode,
    onPassword,
    newCode,
    otherEmail,
  };
}
