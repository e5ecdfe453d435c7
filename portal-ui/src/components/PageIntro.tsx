import type { ReactNode } from 'react';

/** The top of an information page: its h1 on the cream band, and the lead under it. */
export function PageIntro({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className="page-intro" aria-labelledby={id}>
      <div className="container">
        <h1 id={id}>{title}</h1>
        {children}
      </div>
    </section>
  );
}
