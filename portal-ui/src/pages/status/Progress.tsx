const STEPS = ['Aanvraag ontvangen', 'Ingepland', 'Bezig', 'Afgerond'] as const;

/** The steps up to now: a step that is over has its ✓, and so has the last one once it is reached (the job is done). */
export function Progress({ stand }: { stand: string }) {
  const current = STEPS.indexOf(stand as (typeof STEPS)[number]);
  const done = (i: number) => i < current || (i === current && i === STEPS.length - 1);
  return (
    <ol className="status-steps" aria-label="Voortgang van uw aanvraag">
      {STEPS.map((step, i) => (
        <li key={step} className={done(i) ? 'status-step done' : i === current ? 'status-step current' : 'status-step'}
          aria-current={i === current ? 'step' : undefined}>
          <span className="status-step-dot" aria-hidden="true">{done(i) ? '✓' : i + 1}</span>
          {step}
          {done(i) && <span className="visually-hidden"> (klaar)</span>}
        </li>
      ))}
    </ol>
  );
}
