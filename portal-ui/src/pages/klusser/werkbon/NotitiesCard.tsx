import { useEffect, useId, useRef, useState } from 'react';
import { WT } from './texts';

/** The notes autosave 3 seconds after typing stops (section 9); locked once completed. */
export const AUTOSAVE_MS = 3000;

export function NotitiesCard({ value, locked, onSave }: { value: string; locked: boolean; onSave: (text: string) => void }) {
  const [text, setText] = useState(value);
  const [dirty, setDirty] = useState(false);
  const id = useId();
  const hintId = useId();
  const save = useRef(onSave);
  save.current = onSave;
  const latest = useRef({ text, dirty });
  latest.current = { text, dirty };

  // Leaving the page (or the app) before the 3 seconds: the notes are saved then.
  useEffect(() => {
    const flush = () => {
      if (latest.current.dirty) {
        latest.current.dirty = false;
        save.current(latest.current.text);
      }
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, []);

  // The server's copy comes in when nothing is being typed.
  useEffect(() => {
    if (!dirty) setText(value);
  }, [value, dirty]);

  useEffect(() => {
    if (!dirty) return;
    const t = window.setTimeout(() => {
      save.current(text);
      setDirty(false);
    }, AUTOSAVE_MS);
    return () => window.clearTimeout(t);
  }, [text, dirty]);

  return (
    <section className="klus-card" aria-labelledby={`${id}-titel`}>
      <h2 id={`${id}-titel`}>
        <label htmlFor={id}>{WT.notes}</label>
      </h2>
      <textarea
        id={id}
        className="form-input"
        rows={4}
        maxLength={5000}
        value={text}
        readOnly={locked}
        aria-describedby={hintId}
        onChange={(e) => {
          setText(e.target.value);
          setDirty(true);
        }}
        // Leaving the field (a tap on 'Klus Afronden' within the 3 seconds) saves at once, so the
        // notes are queued before the completion and not after it, when the work order is closed.
        onBlur={() => {
          if (!latest.current.dirty) return;
          latest.current.dirty = false;
          setDirty(false);
          save.current(latest.current.text);
        }}
      />
      <p id={hintId} className="form-hint">
        {locked ? WT.closed : WT.notesHint}
      </p>
    </section>
  );
}
