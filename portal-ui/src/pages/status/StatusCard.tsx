import type { ReactNode, Ref } from 'react';

interface StatusCardProps {
  /** The heading's id, which names the card. */
  id: string;
  title: string;
  className?: string;
  /** Given when the page moves focus to the heading (after an answer): the heading is then focusable. */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}

/** One card of the status page: a section named by its heading. */
export function StatusCard({ id, title, className, headingRef, children }: StatusCardProps) {
  return (
    <section className={className === undefined ? 'status-card' : `status-card ${className}`} aria-labelledby={id}>
      <h2 id={id} ref={headingRef} tabIndex={headingRef === undefined ? undefined : -1}>
        {title}
      </h2>
      {children}
    </section>
  );
}
