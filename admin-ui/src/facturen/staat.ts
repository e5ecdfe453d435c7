import type { ChipProps } from '@mui/material';
import { todayNL } from '@klusmaat/shared-ui/calendar';

/**
 * An invoice's state as the server derives it (view factuur_stand, D30), in the words the office
 * reads: the list's chip, the filter's choices and the follow-up's summary say the same.
 */
export const STAAT_LABEL: Readonly<Record<string, string>> = {
  open: 'Openstaand',
  deels_betaald: 'Deels betaald',
  betaald: 'Betaald',
  gecrediteerd: 'Gecrediteerd',
  in_bespreking: 'In bespreking',
  uit_handen: 'Uit handen gegeven',
  creditfactuur: 'Creditfactuur',
};

/** The states as the filter offers them: money still expected first, then settled ones. */
export const STAAT_KEUZES = ['open', 'deels_betaald', 'in_bespreking', 'uit_handen', 'betaald', 'gecrediteerd', 'creditfactuur'].map((id) => ({
  id,
  name: STAAT_LABEL[id] ?? id,
}));

/** The colours of the chips (the theme's, each 4.5:1 with white text). */
export const STAAT_KLEUR: Readonly<Record<string, ChipProps['color']>> = {
  open: 'warning',
  deels_betaald: 'warning',
  betaald: 'success',
  in_bespreking: 'info',
  uit_handen: 'error',
  gecrediteerd: 'default',
  creditfactuur: 'default',
};

/** The states in which money is still expected (the server's openStates). */
export const NOG_OPEN = new Set(['open', 'deels_betaald', 'in_bespreking', 'uit_handen']);

/** The state as one phrase: a credited invoice names the credit invoice that settled it (D30). */
export function staatTekst(staat: string, gecrediteerdDoor?: string | null): string {
  if (staat === 'gecrediteerd' && gecrediteerdDoor) return `Gecrediteerd door ${gecrediteerdDoor}`;
  return STAAT_LABEL[staat] ?? staat;
}

/** The age buckets of what is open, by days past the due date (D30), as filter and dashboards name them. */
export const OUDERDOM_KEUZES = [
  { id: 'niet_vervallen', name: 'Niet vervallen' },
  { id: '1-30', name: '1-30 dagen' },
  { id: '31-60', name: '31-60 dagen' },
  { id: '60+', name: 'Meer dan 60 dagen' },
] as const;

export const OUDERDOM_LABEL: Readonly<Record<string, string>> = Object.fromEntries(OUDERDOM_KEUZES.map((o) => [o.id, o.name]));

/** Days from the due date 'YYYY-MM-DD' to today in Amsterdam: positive when overdue. */
export function dagenOverTijd(vervaldatum: string, now: Date | number = Date.now()): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(vervaldatum);
  if (!m) return null;
  const today = todayNL(now);
  const due = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Math.round((Date.UTC(today.getFullYear(), today.getMonth(), today.getDate()) - due) / 86_400_000);
}

/** The due date's distance in words: '12 dagen over tijd', 'vervalt vandaag', 'nog 3 dagen'. */
export function termijnTekst(dagen: number): string {
  if (dagen > 0) return `${dagen} ${dagen === 1 ? 'dag' : 'dagen'} over tijd`;
  if (dagen === 0) return 'vervalt vandaag';
  return `nog ${-dagen} ${dagen === -1 ? 'dag' : 'dagen'}`;
}
