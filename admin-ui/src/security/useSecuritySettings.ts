import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { KratosFlow } from '@klusmaat/shared-ui/auth/kratos';
import { signInPath } from '@klusmaat/shared-ui/auth/roles';
import {
  loadSecurityFlow,
  readSecurityView,
  runSecurityAction,
  SECURITY_TEXTS,
  type SecurityAction,
  type SecurityResult,
} from './securityFlow';

type Message = { kind: 'success' | 'error'; text: string };
type Confirming = 'totp_disable' | 'codes_disable' | null;

/**
 * The security page's state over Kratos's settings flow: loading it (a flow named in the URL
 * first), running an action on it, the message that answers it (focused: the code field instead
 * when the code was wrong), and the question before switching something off. Session problems
 * lead to /admin/auth, and back to the page afterwards.
 */
export function useSecuritySettings() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const flowParam = params.get('flow');
  const [flow, setFlow] = useState<KratosFlow | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const [codeError, setCodeError] = useState(false);
  // A sent code is gone from the form: a new record id makes react-admin's form start empty.
  const [formulier, setFormulier] = useState(0);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [copyStatus, setCopyStatus] = useState('');
  const messageRef = useRef<HTMLDivElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  const handleSession = (result: Exclude<SecurityResult, { kind: 'ok' } | { kind: 'error' }>) => {
    navigate(
      signInPath({ returnTo: pathname, refresh: result.kind === 'refresh', secondFactor: result.kind === 'second_factor' }),
    );
  };

  const load = async (flowId: string | null = null) => {
    setLoadError(null);
    const result = await loadSecurityFlow(undefined, flowId);
    if (result.kind === 'ok') setFlow(result.flow);
    else if (result.kind === 'error') setLoadError(result.message);
    else handleSession(result);
  };

  // Load once per visit (a flow named in the URL first); the URL changing later does not reload.
  const loadOnArrival = useEffectEvent(() => void load(flowParam));
  useEffect(() => {
    loadOnArrival();
  }, []);

  // Put the result in front of the user: the message, or the code field when the code was wrong.
  useEffect(() => {
    if (message === null) return;
    if (message.kind === 'error' && codeError) codeRef.current?.focus();
    else messageRef.current?.focus();
  }, [message, codeError]);

  const act = async (action: SecurityAction) => {
    if (busy || flow === null) return;
    setBusy(true);
    setMessage(null);
    setCodeError(false);
    setCopyStatus('');
    try {
      const result = await runSecurityAction(flow, action);
      if (result.kind === 'ok') {
        setFlow(result.flow);
        setFormulier((n) => n + 1);
        setConfirming(null);
        setMessage({ kind: 'success', text: result.message });
      } else if (result.kind === 'error') {
        if (result.flow !== undefined) setFlow(result.flow);
        setCodeError(result.field === 'totp_code');
        setMessage({ kind: 'error', text: result.message });
      } else {
        handleSession(result);
      }
    } finally {
      setBusy(false);
    }
  };

  const enableTotp = (values: Record<string, unknown>) => {
    const totpCode = typeof values['totp_code'] === 'string' ? values['totp_code'] : '';
    if (totpCode.trim() === '') {
      setCodeError(true);
      setMessage({ kind: 'error', text: SECURITY_TEXTS.missingCode });
      return;
    }
    void act({ kind: 'totp_enable', code: totpCode });
  };

  return {
    view: flow === null ? null : readSecurityView(flow),
    loading: flow === null && loadError === null,
    loadError,
    reload: () => void load(),
    busy,
    message,
    messageRef,
    codeError,
    codeRef,
    formulier,
    confirming,
    setConfirming,
    copyStatus,
    setCopyStatus,
    act: (action: SecurityAction) => void act(action),
    enableTotp,
  };
}

/** What useSecuritySettings gives the page's sections. */
export type SecuritySettings = ReturnType<typeof useSecuritySettings>;
