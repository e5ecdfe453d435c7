import type { ReactNode } from 'react';

interface PageSectionProps {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  /**
   * The class of a band that spans the page's width ('section section-soft', 'benefits',
   * 'closing-cta'), its content in the container; without it the section is the container itself.
   */
  band?: string;
  children: ReactNode;
}

/** A section of a public page under its h2: a full-width band, or a block of the page's column. */
export function PageSection({ id, title, band, children }: PageSectionProps) {
  const content = (
    <>
      <h2 id={id}>{title}</h2>
      {children}
    </>
  );
  if (band === undefined) {
    return (
      <section className="container section" aria-labelledby={id}>
        {content}
      </section>
    );
  }
  return (
    <section className={band} aria-labelledby={id}>
      <div className="container">{content}</div>
    </section>
  );
}
