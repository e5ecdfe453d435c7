import { useEffect, useState } from 'react';
import { euros } from '../format';
import { WT } from './texts';
import { elapsedSeconds, hhmmss, labourCents } from './view';

/**
 * The timer (section 4): the display ticks every second from the stored start, so a reload or a
 * phone that slept shows the right time again; stopping stops only this display.
 */
export function TimerCard({ startTijd, rateCents, onStart }: { startTijd: string | null; rateCents: number; onStart: () => void }) {
  const [now, setNow] = useState(() => new Date());
  const [shown, setShown] = useState(true);
  useEffect(() => {
    if (startTijd === null || !shown) return;
    const t = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(t);
  }, [startTijd, shown]);

  const seconds = startTijd === null ? 0 : elapsedSeconds(startTijd, now);
  return (
    <section className="klus-card werkbon-timer" aria-labelledby="werkbon-timer-titel">
      <h2 id="werkbon-timer-titel">{WT.timer}</h2>
      <p className="timer-display" aria-live="off">
        <span className="visually-hidden">Gewerkte tijd: </span>
        {hhmmss(seconds)}
      </p>
      <p className="timer-cost">
        {WT.labour}: {euros(labourCents(seconds, rateCents))} <span className="timer-rate">({euros(rateCents)} per uur)</span>
      </p>
      {startTijd === null ? (
        <button type="button" className="button button-primary button-large" onClick={onStart}>
          {WT.start}
        </button>
      ) : (
        <>
          <button type="button" className="button button-secondary" onClick={() => setShown(!shown)} aria-pressed={!shown}>
            {shown ? WT.stop : WT.resume}
          </button>
          <p className="form-hint">{WT.timerNote}</p>
        </>
      )}
    </section>
  );
}
