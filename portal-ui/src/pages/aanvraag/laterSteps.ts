/**
 * Steps 2 to 4 of the request wizard, in their own chunk: the first step (and the page's first
 * paint, prerendered) does without them and without the date library that the calendar and the
 * summary use. Aanvraag.tsx starts loading this right after the page runs, so that it is there
 * by the time the visitor moves on.
 */
export { DatumEnTijd } from './steps/DatumEnTijd';
export { Omschrijving } from './steps/Omschrijving';
export { UwGegevens } from './steps/UwGegevens';
