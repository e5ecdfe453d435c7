import { telHref } from '@klusmaat/shared-ui/config';
import type { Klant } from '../api';
import { KT } from '../texts';
import { KlusFacts } from './KlusFacts';

/** The customer of a job: name (or e-mail, or 'Niet beschikbaar'), phone and e-mail as links. */
export function CustomerLinks({ klant }: { klant: Klant | undefined }) {
  const naam = klant?.naam.trim() || klant?.email.trim() || KT.customerUnknown;
  const telefoon = klant?.telefoon.trim() ?? '';
  const email = klant?.email.trim() ?? '';
  return (
    <KlusFacts
      facts={[
        ['Naam', naam],
        ['Telefoon', telefoon === '' ? KT.customerUnknown : <a href={telHref(telefoon)}>{telefoon}</a>],
        ['E-mail', email === '' ? KT.customerUnknown : <a href={`mailto:${email}`}>{email}</a>],
      ]}
    />
  );
}
