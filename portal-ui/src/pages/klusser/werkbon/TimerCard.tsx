import { useEffect, useState } from 'react';
import { earningsRule, euros } from '../format';
import { WT } from './texts';
import { elapsedSeconds, hhmmss, labourCents } from './view';
import type { Werkbon } from './werkbonApi';

interface TimerCardProps {
  startTijd: string | null;
  werkbon: Pick<Werkbon, 'uurtarief_cents' | 'vaste_prijs' | 'verdienste_per_uur_cents'>;
  onStart: () => void;
}

/**
 * The timer (section 4): the display ticks every second from the stored start, so a reload or a
 * phone that slept shows the right time again; stopping stops only this display. Beside it the
 * price: the labour so far at the job's hourly rate, or, with an accepted quote, its fixed price
 * and the klusser's own hourly earnings that the timer counts for (D33).
 */
export function TimerCard({ startTijd, werkbon, onStart }: TimerCardProps) {
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
      {werkbon.vaste_prijs === null ? (
        <p className="timer-cost">
          {WT.labour}: {euros(labourCents(seconds, werkbon.uurtarief_cents))}{' '}
          <span className="timer-rate">({euros(werkbon.uurtarief_cents)} per uur)</span>
        </p>
      ) : (
        <>
          <p className="timer-cost">
            {WT.fixedPrice}: {euros(werkbon.vaste_prijs.incl_cents)} <span className="timer-rate">{WT.inclVat}</span>
          </p>
          <p className="form-hint">{WT.timerCountsEarnings(earningsRule(werkbon.verdienste_per_uur_cents))}</p>
        </>
      )}
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
