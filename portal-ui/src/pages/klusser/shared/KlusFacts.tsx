import type { ReactNode } from 'react';

/** A list of labelled facts about a job ("Datum: dinsdag 24 november 2026"), one per line. */
export function KlusFacts({ facts }: { facts: readonly (readonly [string, ReactNode] | null | false)[] }) {
  return (
    <dl className="klus-facts">
      {facts.map((fact) =>
        fact ? (
          <div key={fact[0]}>
            <dt>{fact[0]}</dt>
            <dd>{fact[1]}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}
