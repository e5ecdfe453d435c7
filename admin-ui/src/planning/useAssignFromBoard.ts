import { useState, type RefObject } from 'react';
import { useAction } from '../api/useAction';
import { toewijzen } from '../klussen/assign';
import type { KlusserRij, OpenKlus } from './usePlanning';

/**
 * Assigning an open job from the board, as the jobs list does (the action's toasts; the board is
 * read again by its invalidation, klussen/actions.ts): one at a time (busy), with a message for
 * screen readers; after the keyboard path the focus goes to the open jobs' heading, since the job
 * leaves that list.
 */
export function useAssignFromBoard(openHeading: RefObject<HTMLHeadingElement | null>) {
  const action = useAction('assignKlus');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState<string | null>(null);

  const assign = async (klus: OpenKlus, klusser: KlusserRij, keepFocus: boolean) => {
    if (busy !== null) return;
    setBusy(klus.klus_id);
    setMessage('');
    try {
      const done = await toewijzen(action.run, klus.klus_id, klusser.id);
      if (done !== null) {
        setMessage(`Klus toegewezen aan ${klusser.naam}`);
        if (keepFocus) openHeading.current?.focus();
      }
    } finally {
      setBusy(null);
    }
  };
  return { assign, message, busy: busy !== null };
}
