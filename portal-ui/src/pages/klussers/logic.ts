/** Display rules of the klusser showcase (spec sections 2, 8 and 9). */

export const MAX_SPECIALISATIES = 2;
export const MAX_CAROUSEL = 3;
export const MSG = {
  empty: 'Momenteel zijn er geen klussers beschikbaar. Check later nog eens!',
  noPhoto: 'Geen foto beschikbaar',
  loading: 'De klussers worden geladen…',
  loadFailed: 'De klussers konden niet worden geladen. Probeer het later opnieuw.',
} as const;

/** At most the first 2 specialisations, and whether an ellipsis follows. */
export function shownSpecialisaties(list: readonly string[]): { shown: string[]; more: boolean } {
  return { shown: list.slice(0, MAX_SPECIALISATIES), more: list.length > MAX_SPECIALISATIES };
}

const oneDecimal = new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 0 });

/** The rating with 1 decimal and a Dutch comma (4.8 -> "4,8"); null when there is none. */
export function formatRating(rating: number | null): string | null {
  return rating === null || !Number.isFinite(rating) ? null : oneDecimal.format(rating);
}

/** Hours rounded to a whole number, Dutch grouping (1234.5 -> "1.235"). */
export function formatHours(hours: number): string {
  return whole.format(Math.round(hours));
}

/** Up to 3 carousel photos. */
export function carouselPhotos(photos: readonly string[]): string[] {
  return photos.filter((p) => p !== '').slice(0, MAX_CAROUSEL);
}

/** The carousel loops: after the last photo comes the first, before the first the last. */
export function nextIndex(index: number, count: number): number {
  return count <= 0 ? 0 : (index + 1) % count;
}

export function previousIndex(index: number, count: number): number {
  return count <= 0 ? 0 : (index - 1 + count) % count;
}
