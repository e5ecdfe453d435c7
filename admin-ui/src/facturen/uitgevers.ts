import type { ListItem } from '@klusmaat/shared-ui/api/types';

/** A business that issues invoices (D28): the central one (id centraal) or a region's own. */
export type Uitgever = ListItem<'/api/v1/factuur-uitgevers'>;

/** A business as a choice reads: its name, and whose it is. */
export function uitgeverNaam(u: Uitgever): string {
  return u.regio === null ? `${u.naam} (centraal)` : `${u.naam} (regio ${u.regio_naam || u.regio})`;
}
