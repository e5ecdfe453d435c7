import { useId } from 'react';
import { Link } from 'react-router';
import { telHref, useConfig } from '@klusmaat/shared-ui/config';
import { PageSection } from './PageSection';
import './CallOrRequest.css';

/** Closing block of the information pages: call us, or request online. */
export function CallOrRequest({ title = 'Klaar om uw klus te laten doen?' }: { title?: string }) {
  const { phone } = useConfig();
  const id = useId();
  return (
    <PageSection id={id} title={title} band="closing-cta">
      <p>Bel ons gerust voor een vrijblijvend gesprek, of vraag uw klus online aan. Binnen 24 uur nemen wij contact met u op.</p>
      <div className="button-row">
        <a href={telHref(phone)} className="button button-on-dark">
          Bel {phone}
        </a>
        <Link to="/aanvraag" className="button button-accent">
          Vraag online aan
        </Link>
      </div>
    </PageSection>
  );
}
