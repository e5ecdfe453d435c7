import { useId, useRef, useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { SignaturePad, type SignatureHandle } from './SignaturePad';
import { StarRating } from './StarRating';
import { WT } from './texts';

export type Beoordeling = { algemeen: number; netheid: number; vriendelijkheid: number; vakmanschap: number };
const KEYS = ['algemeen', 'netheid', 'vriendelijkheid', 'vakmanschap'] as const;

/** Which rule of section 5 a completion breaks first, if any. */
export function completionProblem(b: Beoordeling, signed: boolean): string | null {
  if (KEYS.some((k) => b[k] < 1 || b[k] > 5)) return WT.fillRatings;
  if (!signed) return WT.signatureRequired;
  return null;
}

interface Props {
  notes: string;
  onClose: () => void;
  onConfirm: (b: Beoordeling, opmerkingen: string, handtekening: string) => void;
}

/** The completion dialog: four ratings, remarks and the customer's signature (section 2). */
export function AfrondenDialog({ notes, onClose, onConfirm }: Props) {
  const [b, setB] = useState<Beoordeling>({ algemeen: 0, netheid: 0, vriendelijkheid: 0, vakmanschap: 0 });
  const [remarks, setRemarks] = useState(notes);
  const [problem, setProblem] = useState<string | null>(null);
  const pad = useRef<SignatureHandle>(null);
  const errorId = useId();
  const signatureLabel = useId();
  const remarksId = useId();

  const confirm = () => {
    const p = completionProblem(b, pad.current !== null && !pad.current.isEmpty());
    setProblem(p);
    if (p === null) onConfirm(b, remarks, pad.current?.toDataURL() ?? '');
    else document.getElementById(errorId)?.focus();
  };

  return (
    <Dialog title={WT.finish} onClose={onClose} className="afronden-dialog">
      {problem !== null && (
        <p id={errorId} className="form-alert" role="alert" tabIndex={-1}>
          {problem}
        </p>
      )}
      <h3 className="afronden-subtitle">{WT.ratingsTitle}</h3>
      {KEYS.map((k) => (
        <StarRating
          key={k}
          label={WT.ratings[k]}
          value={b[k]}
          onChange={(n) => setB({ ...b, [k]: n })}
          invalid={problem === WT.fillRatings && b[k] === 0}
          describedBy={problem === WT.fillRatings && b[k] === 0 ? errorId : undefined}
        />
      ))}
      <label htmlFor={remarksId} className="form-label">
        {WT.remarks}
      </label>
      <textarea id={remarksId} className="form-input form-textarea" rows={3} value={remarks} onChange={(e) => setRemarks(e.target.value)} maxLength={5000} />
      <p id={signatureLabel} className="form-label">
        {WT.signature}
      </p>
      <p className="form-hint">{WT.signatureHint}</p>
      <SignaturePad
        ref={pad}
        labelId={signatureLabel}
        invalid={problem === WT.signatureRequired}
        describedBy={problem === WT.signatureRequired ? errorId : undefined}
        onDraw={() => problem === WT.signatureRequired && setProblem(null)}
      />
      <button type="button" className="button button-secondary signature-clear" onClick={() => pad.current?.clear()}>
        {WT.clearSignature}
      </button>
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          {WT.cancel}
        </button>
        <button type="button" className="button button-primary" onClick={confirm}>
          {WT.confirmFinish}
        </button>
      </div>
    </Dialog>
  );
}
