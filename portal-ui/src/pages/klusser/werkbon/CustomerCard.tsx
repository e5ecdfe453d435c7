import { telHref } from '@klusmaat/shared-ui/config';
import { customerName, emailInPlaceOfName } from '../shared/customer';
import { WT } from './texts';
import type { Factuur, Werkbon } from './werkbonApi';

/** 'Herenstraat 1, 2271 AB Voorburg', without stray commas for a part the job lacks. */
function addressLine(adres: string, postcode: string, woonplaats: string): string {
  return [adres.trim(), [postcode.trim(), woonplaats.trim()].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

/**
 * The customer on the work order: the name when the job has one (an e-mail address is shown as an
 * address, never as the name), the address, and a call button that says whom it calls and the
 * number it dials ('Bel Mevrouw Jansen 070 111 22 33', 'Bel klant 06 1234 5678'). Long words
 * break inside the card.
 */
export function CustomerCard({ klant, klus }: { klant: Werkbon['klant']; klus: Werkbon['klus'] }) {
  const naam = customerName(klant.naam);
  const email = emailInPlaceOfName(klant.naam);
  const telefoon = klant.telefoon.trim();
  return (
    <section className="klus-card" aria-labelledby="werkbon-klant-titel">
      <h2 id="werkbon-klant-titel">{WT.customer}</h2>
      {naam !== null && <p className="werkbon-klant-naam">{naam}</p>}
      {email !== null && <p className="werkbon-klant-email">{email}</p>}
      <p className="werkbon-klant-adres">{addressLine(klus.adres, klus.postcode, klus.woonplaats)}</p>
      {telefoon !== '' && (
        <a className="button button-primary button-large call-button" href={telHref(telefoon)}>
          <span>{WT.call(naam)}</span> <span className="call-number">{telefoon}</span>
        </a>
      )}
    </section>
  );
}

/** The invoice's customer: the name when there is one, the e-mail address as an address, the address. */
export function InvoiceCustomer({ klant }: { klant: Factuur['klant'] }) {
  const naam = customerName(klant.naam, klant.email);
  const email = klant.email.trim() !== '' ? klant.email.trim() : emailInPlaceOfName(klant.naam);
  return (
    <>
      {naam !== null && <p className="werkbon-klant-naam">{naam}</p>}
      {email !== null && <p className="werkbon-klant-email">{email}</p>}
      <p className="werkbon-klant-adres">{addressLine(klant.adres, klant.postcode, klant.woonplaats)}</p>
    </>
  );
}
