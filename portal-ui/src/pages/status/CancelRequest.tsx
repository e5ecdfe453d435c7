import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { statusApi, type Status } from './statusApi';

/** 'Aanvraag annuleren' while the request may be cancelled, asked once more in a dialog; a refusal is shown above the button. */
export function CancelRequest({ token, annuleerbaar, onChange }: { token: string; annuleerbaar: boolean; onChange: (s: Status) => void }) {
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const cancel = async () => {
    setBusy(true);
    const r = await statusApi.cancel(token);
    setBusy(false);
    setConfirming(false);
    if (r.kind === 'ok') onChange(r.status);
    else setProblem(r.kind === 'failed' && r.message !== undefined ? r.message : 'Het annuleren is niet gelukt. Probeer het opnieuw of bel ons.');
  };

  return (
    <>
      {problem !== null && (
        <p className="form-alert" role="alert">
          {problem}
        </p>
      )}
      {annuleerbaar && (
        <button type="button" className="button button-secondary status-cancel" onClick={() => setConfirming(true)}>
          Aanvraag annuleren
        </button>
      )}
      {confirming && (
        <Dialog title="Aanvraag annuleren?" onClose={() => setConfirming(false)}>
          <p>Weet u zeker dat u deze aanvraag wilt annuleren? Er komt dan geen klusser.</p>
          <div className="dialog-actions">
            <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
              Nee, terug
            </button>
            <button type="button" className="button button-primary" onClick={() => void cancel()} aria-disabled={busy || undefined}>
              Ja, annuleren
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}
