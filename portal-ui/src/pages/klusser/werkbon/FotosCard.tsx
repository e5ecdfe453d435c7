import { useId, type ChangeEvent } from 'react';
import { WT } from './texts';
import type { ViewFoto } from './view';

interface Props {
  fotos: ViewFoto[];
  locked: boolean;
  onPhoto: (type: 'before' | 'after', file: File) => void;
}

/**
 * Before and after photos, taken with the phone's camera (capture). The images behind the URLs
 * are served only to this klusser and admins (D6); a photo still on the phone shows from memory.
 */
export function FotosCard({ fotos, locked, onPhoto }: Props) {
  const beforeId = useId();
  const afterId = useId();
  const pick = (type: 'before' | 'after') => (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file !== undefined) onPhoto(type, file);
  };
  const group = (type: 'before' | 'after') => fotos.filter((f) => f.type === type);
  return (
    <section className="klus-card" aria-labelledby="werkbon-fotos-titel">
      <h2 id="werkbon-fotos-titel">{WT.photos}</h2>
      {fotos.length === 0 && <p>{WT.noPhotos}</p>}
      {(['before', 'after'] as const).map((type) =>
        group(type).length === 0 ? null : (
          <div key={type}>
            <h3 className="fotos-subtitle">{type === 'before' ? WT.before : WT.after}</h3>
            <ul className="fotos-grid">
              {group(type).map((f, i) => (
                <li key={f.id}>
                  <img src={f.url} alt={`${type === 'before' ? 'Foto voor de klus' : 'Foto na de klus'} ${i + 1}`} loading="lazy" />
                  {f.wacht && <span className="wacht-badge">{WT.waiting}</span>}
                </li>
              ))}
            </ul>
          </div>
        ),
      )}
      {!locked && (
        <div className="fotos-buttons">
          <label htmlFor={beforeId} className="button button-secondary file-button">
            {WT.takeBefore}
          </label>
          <input id={beforeId} className="visually-hidden" type="file" accept="image/*" capture="environment" onChange={pick('before')} />
          <label htmlFor={afterId} className="button button-secondary file-button">
            {WT.takeAfter}
          </label>
          <input id={afterId} className="visually-hidden" type="file" accept="image/*" capture="environment" onChange={pick('after')} />
        </div>
      )}
    </section>
  );
}
