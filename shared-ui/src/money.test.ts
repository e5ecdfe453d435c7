// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { BETAALMETHODE, euro, euroHeel } from './money';

/** The no-break space Intl puts after the euro sign, as a plain space. */
const plain = (s: string) => s.replace(/\u00a0/g, ' ');

describe('money', () => {
  it('writes cents the Dutch way, a negative amount with the minus after the euro sign (as the PDFs, factuur.Euro)', () => {
    expect(plain(euro(123456))).toBe('€ 1.234,56');
    expect(plain(euro(-9547))).toBe('€ -95,47');
    expect(plain(euro(0))).toBe('€ 0,00');
    expect(plain(euroHeel(98))).toBe('€ 98');
  });

  it('names the payment methods as the PDFs do (factuur.MethodLabels)', () => {
    expect(BETAALMETHODE).toEqual({ contant: 'Contant', pin: 'PIN', bank: 'Bank', niet_betaald: 'Niet betaald' });
  });
});
