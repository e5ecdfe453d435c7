// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { estimateLine, euros, fullAddress, notePreview, rate, slotLabel, startTime } from './format';

describe('klusser portal formats', () => {
  it("writes the estimate line 'Geschat: {hours}u @ €{rate} = €{product}' only when duration and rate exist", () => {
    expect(estimateLine({ geschatte_duur: 1.5, geschat_tarief_cents: 6500, geschatte_verdienste_euros: 98 })).toBe('Geschat: 1,5u @ €65 = €98');
    expect(estimateLine({ geschatte_duur: 2, geschat_tarief_cents: 4250, geschatte_verdienste_euros: 85 })).toBe('Geschat: 2u @ €42,50 = €85');
    expect(estimateLine({ geschatte_duur: 0, geschat_tarief_cents: 6500, geschatte_verdienste_euros: 0 })).toBeNull();
    expect(estimateLine({ geschatte_duur: 1, geschat_tarief_cents: 0, geschatte_verdienste_euros: 0 })).toBeNull();
  });

  it('cuts a note after 50 characters', () => {
    const long = 'a'.repeat(49) + 'bc';
    expect(notePreview(long)).toBe(`${'a'.repeat(49)}b…`);
    expect(notePreview('a'.repeat(50))).toBe('a'.repeat(50));
    // Characters, not UTF-16 units: an emoji is not split in half.
    expect(notePreview(`${'x'.repeat(49)}🔧🔧`)).toBe(`${'x'.repeat(49)}🔧…`);
  });

  it('writes money, slots, addresses and start times the Dutch way', () => {
    expect(euros(10500).replace(/\s/g, ' ')).toBe('€ 105,00');
    expect(rate(6500)).toBe('65');
    expect(slotLabel('avond')).toBe('avond (17:00-20:00)');
    expect(slotLabel('10:30')).toBe('10:30');
    expect(fullAddress({ adres: 'Herenstraat 1', postcode: '', woonplaats: 'Voorburg' })).toBe('Herenstraat 1, Voorburg');
    expect(startTime('2026-03-29T07:00:00Z')).toBe('zondag 29 maart 2026 om 09:00');
  });
});
