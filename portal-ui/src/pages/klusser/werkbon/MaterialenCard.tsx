import { useId, useState, type FormEvent } from 'react';
import { euros } from '../format';
import { Labelled } from '../shared/Labelled';
import { WT } from './texts';
import { parseEuros, type ViewMateriaal } from './view';

interface Props {
  materialen: ViewMateriaal[];
  totalCents: number;
  locked: boolean;
  onAdd: (naam: string, cents: number) => void;
  onRemove: (m: ViewMateriaal) => void;
}

/** Materials: a name and an amount above 0 (section 5), shown with two decimals. */
export function MaterialenCard({ materialen, totalCents, locked, onAdd, onRemove }: Props) {
  const [naam, setNaam] = useState('');
  const [bedrag, setBedrag] = useState('');
  const [problem, setProblem] = useState(false);
  const nameId = useId();
  const amountId = useId();
  const errorId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const cents = parseEuros(bedrag);
    if (naam.trim() === '' || cents === undefined) {
      setProblem(true);
      return;
    }
    setProblem(false);
    onAdd(naam.trim(), cents);
    setNaam('');
    setBedrag('');
    document.getElementById(nameId)?.focus();
  };

  return (
    <section className="klus-card" aria-labelledby="werkbon-materialen-titel">
      <h2 id="werkbon-materialen-titel">{WT.materials}</h2>
      {materialen.length === 0 ? (
        <p>{WT.noMaterials}</p>
      ) : (
        <ul className="materialen-list">
          {materialen.map((m) => (
            <li key={m.id}>
              <span className="materiaal-naam">
                {m.omschrijving}
                {m.wacht && <span className="wacht-badge"> ({WT.waiting})</span>}
              </span>
              <span className="materiaal-bedrag">{euros(m.bedrag_cents)}</span>
              {!locked && (
                <button type="button" className="button button-secondary button-small" onClick={() => onRemove(m)} aria-label={WT.remove(m.omschrijving)}>
                  ✕
                </button>
              )}
            </li>
          ))}
          <li className="materialen-total">
            <span>Totaal materialen</span>
            <span>{euros(totalCents)}</span>
          </li>
        </ul>
      )}
      {!locked && (
        <form className="materiaal-form" onSubmit={submit} noValidate>
          {problem && (
            <p id={errorId} className="form-alert" role="alert">
              {WT.fillMaterial}
            </p>
          )}
          <Labelled
            as="input"
            id={nameId}
            label={WT.materialName}
            value={naam}
            maxLength={200}
            onChange={(e) => setNaam(e.target.value)}
            aria-invalid={(problem && naam.trim() === '') || undefined}
            aria-describedby={problem ? errorId : undefined}
          />
          <Labelled
            as="input"
            id={amountId}
            label={WT.materialAmount}
            inputMode="decimal"
            value={bedrag}
            placeholder="0,00"
            onChange={(e) => setBedrag(e.target.value)}
            aria-invalid={(problem && parseEuros(bedrag) === undefined) || undefined}
            aria-describedby={problem ? errorId : undefined}
          />
          <button type="submit" className="button button-primary">
            {WT.addMaterial}
          </button>
        </form>
      )}
    </section>
  );
}
