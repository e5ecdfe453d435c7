import { Dialog } from '../../components/Dialog';
import { TextField } from '../../components/TextField';
import type { FieldWiring } from '../../components/useFieldErrors';
import { euros } from '../klusser/format';
import type { Asking } from './useOfferteBesluit';

interface OfferteBesluitDialogProps {
  asking: Asking;
  reden: string;
  redenField: FieldWiring;
  onReden: (value: string) => void;
  busy: boolean;
  onSend: () => void;
  onClose: () => void;
}

/** The question before the answer is sent: 'Akkoord' with the total read, or 'Niet akkoord' with room for a reason. */
export function OfferteBesluitDialog({ asking, reden, redenField, onReden, busy, onSend, onClose }: OfferteBesluitDialogProps) {
  const akkoord = asking.besluit === 'akkoord';
  return (
    <Dialog title={akkoord ? 'Akkoord met de offerte?' : 'Niet akkoord met de offerte?'} onClose={onClose}>
      {akkoord ? (
        <p>Weet u het zeker? U gaat akkoord met de offerte van {euros(asking.totaal)}.</p>
      ) : (
        <TextField {...redenField} label="Wilt u zeggen waarom? (mag leeg blijven)" value={reden} onChange={onReden} multiline maxLength={1000} />
      )}
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          Terug
        </button>
        <button type="button" className="button button-primary" onClick={onSend} aria-disabled={busy || undefined}>
          {akkoord ? 'Ja, ik ga akkoord' : 'Niet akkoord versturen'}
        </button>
      </div>
    </Dialog>
  );
}
