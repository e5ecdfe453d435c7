import { useCallback, useRef, useState } from 'react';
import { useApiData } from '../api/useApiData';

/**
 * A record's dialog with its StateSection and the step dialogs it opens on top (an invoice's
 * follow-up, a payout): the record read from path, the open step (null: none), and done() for a
 * step's answer, the record as it is now: shown at once, the step closed, and the focus on the
 * state once the step has given it back to what opened it (which may be gone now).
 */
export function useStepRecord<T, S>(path: string) {
  const { data, failed, set } = useApiData<T>(path);
  const [step, setStep] = useState<S | null>(null);
  const stateRef = useRef<HTMLDivElement>(null);
  const done = useCallback(
    (now: T) => {
      set(now);
      setStep(null);
      setTimeout(() => stateRef.current?.focus(), 0);
    },
    [set],
  );
  return { data, failed, step, setStep, stateRef, done };
}
