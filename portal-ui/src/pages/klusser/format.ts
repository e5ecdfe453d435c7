/**
 * How the klusser portal writes money, hours, dates and slots (spec section 9: Dutch locale,
 * estimated earnings in whole euros, note previews of 50 characters). Days "yyyy-MM-dd" are Dutch
 * calendar days and instants are shown on the Dutch wall clock (@klusmaat/shared-ui/calendar), whatever zone the
 * phone is in.
 */
import { format } from 'date-fns';
import { inNL, todayNL } from '@klusmaat/shared-ui/calendar';
import { euro, euroHeel } from '@klusmaat/shared-ui/money';
import { longDate, parseIsoDate } from '../../lib/pickableDays';
import type { Klus, KlusStatus } from './api';

const LOCALE = 'nl-NL';
const decimal = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });

/** 1.5 -> "1,5"; 3 -> "3". */
export function number(n: number): string {
  return decimal.format(n);
}

/** An amount in cents as "€ 105,00", "€ -95,47" (D7: money is cents until it is shown; the one money formatter, shared-ui/money). */
export function euros(cents: number): string {
  return euro(cents);
}

/** Whole euros as "€ 98". */
export function wholeEuros(amount: number): string {
  return euroHeel(amount);
}

/** An hourly rate in cents without the cents when there are none: 6500 -> "65", 6550 -> "65,50". */
export function rate(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toLocaleString(LOCALE, { minimumFractionDigits: 2 });
}

/**
 * What the customer pays for a job with an accepted quote (D26): its total incl. VAT, said as the
 * customer's price, so that no klusser reads it as its pay.
 */
export function customerPays(cents: number): string {
  return `${euros(cents)} (vaste prijs, incl. btw)`;
}

/** The klusser's own earnings rule (D7), from the server's figure: "€ 35 per gewerkt uur". */
export function earningsRule(centsPerHour: number): string {
  return `€ ${rate(centsPerHour)} per gewerkt uur`;
}

/** Hours as "1,5 uur". */
export function hours(n: number): string {
  return `${number(n)} uur`;
}

/**
 * The agenda's estimate line 'Geschat: {hours}u @ €{rate} = €{product}' (spec section 2), the
 * product in whole euros (section 9); null when the job lacks a duration or a rate.
 */
export function estimateLine(klus: Pick<Klus, 'geschatte_duur' | 'geschat_tarief_cents' | 'geschatte_verdienste_euros'>): string | null {
  if (!(klus.geschatte_duur > 0) || !(klus.geschat_tarief_cents > 0)) return null;
  return `Geschat: ${number(klus.geschatte_duur)}u @ €${rate(klus.geschat_tarief_cents)} = €${klus.geschatte_verdienste_euros}`;
}

/** "2026-11-24" -> "dinsdag 24 november 2026"; anything else is shown as it came. */
export function longDay(iso: string): string {
  const day = parseIsoDate(iso);
  return day === null ? iso : longDate(day);
}

export type Slot = 'ochtend' | 'middag' | 'avond';

/**
 * The customer's time slots as the klusser side uses them (section 5: ochtend 08:00 to before
 * 12:00, middag 12:00 to before 17:00, avond from 17:00), written as the request wizard shows them
 * to the customer. Not imported from the wizard: its logic module would bring the public site's
 * content along into every klusser page.
 */
export const SLOTS: readonly { value: Slot; from: string; until: string }[] = [
  { value: 'ochtend', from: '8:00', until: '12:00' },
  { value: 'middag', from: '12:00', until: '17:00' },
  { value: 'avond', from: '17:00', until: '20:00' },
];

export const isSlot = (tijd: string): tijd is Slot => SLOTS.some((s) => s.value === tijd);

/** The customer's wish: "ochtend (8:00-12:00)" for a slot, the time itself for admin-made jobs. */
export function slotLabel(tijd: string): string {
  const slot = SLOTS.find((s) => s.value === tijd);
  return slot === undefined ? tijd : `${slot.value} (${slot.from}-${slot.until})`;
}

/** The Dutch calendar day of an instant, as a local calendar day (the convention of lib/pickableDays). */
const dayNL = (instant: string): Date => todayNL(Date.parse(instant));

/** The Dutch date of an instant as "yyyy-MM-dd". */
export function isoDayNL(instant: string): string {
  return format(dayNL(instant), 'yyyy-MM-dd');
}

/** The time of an instant on the Dutch wall clock, "HH:mm". */
export function timeNL(instant: string): string {
  const t = inNL(instant);
  return `${String(t.getHours()).padStart(2, '0')}:${String(t.getMinutes()).padStart(2, '0')}`;
}

/**
 * A planned start as "dinsdag 24 november 2026 om 09:30", on the Dutch wall clock. Built from
 * the shared calendar's inNL and date-fns here rather than formatNL: the calendar is in every public
 * page's first load (the footer's year), and formatNL would bring date-fns's formatter with the
 * Dutch locale (about 7 kB gzip) into the home page once the portal used it; imported here, they
 * load with the pages that show dates.
 */
export function startTime(instant: string): string {
  return `${longDate(dayNL(instant))} om ${timeNL(instant)}`;
}

/** The first 50 characters of a note (section 9), with an ellipsis when there is more. */
export const NOTE_PREVIEW_LENGTH = 50;
export function notePreview(note: string): string {
  const chars = Array.from(note.trim());
  return chars.length <= NOTE_PREVIEW_LENGTH ? chars.join('') : `${chars.slice(0, NOTE_PREVIEW_LENGTH).join('').trimEnd()}…`;
}

export const STATUS_LABELS: Readonly<Record<KlusStatus, string>> = {
  open: 'Open',
  ingepland: 'Ingepland',
  bezig: 'Bezig',
  afgerond: 'Afgerond',
};

/** "Herenstraat 1, 2271 AB Voorburg" */
export function fullAddress(klus: Pick<Klus, 'adres' | 'postcode' | 'woonplaats'>): string {
  const town = [klus.postcode, klus.woonplaats].filter((s) => s !== '').join(' ');
  return [klus.adres, town].filter((s) => s !== '').join(', ');
}
