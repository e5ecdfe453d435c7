// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { carouselPhotos, formatHours, formatRating, MSG, nextIndex, previousIndex, shownSpecialisaties } from './logic';

describe('showcase card rules', () => {
  it('shows at most the first 2 specialisations, then an ellipsis', () => {
    expect(shownSpecialisaties(['Houtwerk', 'Reparaties', 'Monteren'])).toEqual({ shown: ['Houtwerk', 'Reparaties'], more: true });
    expect(shownSpecialisaties(['Schilderen', 'Tegelwerk'])).toEqual({ shown: ['Schilderen', 'Tegelwerk'], more: false });
    expect(shownSpecialisaties([])).toEqual({ shown: [], more: false });
  });

  it('shows the rating with 1 decimal and a Dutch comma, nothing without one', () => {
    expect(formatRating(4.8)).toBe('4,8');
    expect(formatRating(5)).toBe('5,0');
    expect(formatRating(4.25)).toBe('4,3');
    expect(formatRating(3.94)).toBe('3,9');
    expect(formatRating(null)).toBeNull();
  });

  it('rounds hours', () => {
    expect(formatHours(312.5)).toBe('313');
    expect(formatHours(12.4)).toBe('12');
    expect(formatHours(0)).toBe('0');
    expect(formatHours(1234.6)).toBe('1.235');
  });

  it('keeps up to 3 carousel photos that loop', () => {
    expect(carouselPhotos(['a', 'b', 'c', 'd'])).toEqual(['a', 'b', 'c']);
    expect(carouselPhotos(['a', ''])).toEqual(['a']);
    expect([nextIndex(0, 3), nextIndex(1, 3), nextIndex(2, 3)]).toEqual([1, 2, 0]);
    expect([previousIndex(0, 3), previousIndex(2, 3)]).toEqual([2, 1]);
    expect(nextIndex(0, 1)).toBe(0);
    expect(nextIndex(0, 0)).toBe(0);
  });

  it('keeps the texts of the spec to the letter', () => {
    expect(MSG.empty).toBe('Momenteel zijn er geen klussers beschikbaar. Check later nog eens!');
    expect(MSG.noPhoto).toBe('Geen foto beschikbaar');
  });
});
