/**
 * The planning rules of the plan screen (document 001, section 5), free of React so that each can
 * be tested alone. The server checks them again (D18).
 */
import { isSelectable, parseIsoDate } from '../../../lib/pickableDays';
import type { Klus } from '../api';
import { isoDayNL, isSlot, longDay, slotLabel, timeNL, type Slot } from '../format';
import { KT } from '../texts';

/** Section 9: at most two changes of a planned appointment. */
export const MAX_CHANGES = 2;

/** The change counter, 'x / 2' (section 2). */
export const changesCounter = (count: number) => `Wijzigingen: ${count} / ${MAX_CHANGES}`;

/** Every half hour from 08:00 to 20:00 (section 5). */
export const TIME_OPTIONS: readonly string[] = Array.from({ length: 25 }, (_, i) => {
  const minutes = 8 * 60 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${minutes % 60 === 0 ? '00' : '30'}`;
});

/** The time shown first for a wished slot (section 5). */
export const SLOT_DEFAULTS: Readonly<Record<Slot, string>> = { ochtend: '09:00', middag: '13:00', avond: '18:00' };

/** The block of a time "HH:mm" (section 5: ochtend before 12:00, middag before 17:00, then avond). */
export function slotOf(time: string): Slot {
  if (time < '12:00') return 'ochtend';
  if (time < '17:00') return 'middag';
  return 'avond';
}

/** Whether this visit of the screen changes an appointment (rather than making the first one). */
export function isChange(klus: Pick<Klus, 'status'>): boolean {
  // The server decides by the status, and so does the screen: ?wijzig=true on an open job is a first plan.
  return klus.status === 'ingepland';
}

/** The day preselected: the planned day when changing, else the wished day if it can still be picked. */
export function initialDate(klus: Klus, today: Date): string {
  if (isChange(klus) && klus.geplande_start_tijd !== null) return isoDayNL(klus.geplande_start_tijd);
  const wished = parseIsoDate(klus.datum);
  return wished !== null && isSelectable(wished, today) ? klus.datum : '';
}

/** The time preselected: the planned time when changing, else the slot's default or the wished time. */
export function initialTime(klus: Klus): string {
  const planned = isChange(klus) && klus.geplande_start_tijd !== null ? timeNL(klus.geplande_start_tijd) : null;
  const candidate = planned ?? (isSlot(klus.tijd) ? SLOT_DEFAULTS[klus.tijd] : klus.tijd);
  return TIME_OPTIONS.includes(candidate) ? candidate : '';
}

/**
 * The non-blocking warnings (section 2, Plan job): the chosen day is not the day the customer
 * wants, or the time is outside the wished block (or not the wished time of an admin-made job).
 */
export function wishWarnings(klus: Pick<Klus, 'datum' | 'tijd'>, datum: string, tijd: string): string[] {
  const warnings: string[] = [];
  if (datum !== '' && datum !== klus.datum) {
    warnings.push(`De klant wil de klus graag op ${longDay(klus.datum)}.`);
  }
  if (tijd !== '' && isSlot(klus.tijd) && slotOf(tijd) !== klus.tijd) {
    warnings.push(`De klant wil de klus graag in de ${slotLabel(klus.tijd)}.`);
  } else if (tijd !== '' && !isSlot(klus.tijd) && TIME_OPTIONS.includes(klus.tijd) && tijd !== klus.tijd) {
    warnings.push(`De klant wil de klus graag om ${klus.tijd}.`);
  }
  return warnings;
}

/** The message that stops a plan before it is sent, or null. */
export function planProblem(datum: string, tijd: string, today: Date): string | null {
  if (datum === '' || tijd === '') return KT.pickDateTime;
  const day = parseIsoDate(datum);
  if (day === null || !isSelectable(day, today)) return KT.pastDate;
  return null;
}
