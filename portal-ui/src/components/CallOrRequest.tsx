import { useId } from 'react';
import { Link } from 'react-router';
import { telHref, useConfig } from '@klusmaat/shared-ui/config';
import './CallOrRequest.css';

/** Closing block of the information pages: call us, or request online. */
export function CallOrRequest({ title = 'Klaar om uw klus te laten doen?' }: { title?: string }) {
  const { phone } = useConfig();
  const id = useId();
  return (
    <section className="closing-cta" aria-labelledby={id}>
      <div className="container">
        <h2 id={id}>{title}</h2>
        <p>Bel ons gerust voor een vrijblijvend gesprek, of vraag uw klus online aan. Binnen 24 uur nemen wij contact met u op.</p>
        <div className="button-row">
          <a href={telHref(phone)} className="button button-on-dark">
            Bel {phone}
          </a>
          <Link to="/aanvraag" className="button button-accent">
            Vraag online aan
          </Link>
        </div>
      </div>
    </section>
  );
}
