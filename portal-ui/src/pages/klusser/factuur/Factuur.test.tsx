import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { Factuur } from '../werkbon/werkbonApi';
import { Breakdown } from './Factuur';

const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();

function factuur(over: Partial<Factuur>): Factuur {
  return { materialen: [], uren: 1, uurtarief_cents: 6500, arbeid_cents: 6500, ...over } as Factuur;
}

/** The rows of the breakdown above the subtotal, as [label, amount]. */
function lines(): [string, string][] {
  const rows = screen.getAllByRole('row');
  const sub = rows.findIndex((r) => text(r).startsWith('Subtotaal'));
  return rows.slice(0, sub).map((r) => [text(r.querySelector('th')!), text(r.querySelector('td')!)]);
}

describe('the invoice lines on the klusser\'s phone', () => {
  it('a fixed-price job shows exactly the invoiced lines: the quote\'s, and its meerwerk, no hourly labour (issue 39)', () => {
    // The quote v2: € 221,30 for the work; on site a signed extra of € 4,75. Subtotal € 226,05.
    render(
      <Breakdown
        f={factuur({
          uren: 1, uurtarief_cents: 22130, arbeid_cents: 22130, materiaal_cents: 475,
          subtotaal_cents: 22605, btw_cents: 4747, totaal_cents: 27352,
          regels: [
            { omschrijving: 'Deur afhangen en afstellen', aantal: 1, eenheid: 'vaste prijs', prijs_cents: 18000, bedrag_cents: 18000 },
            { omschrijving: 'Scharnieren', aantal: 2, eenheid: 'stuk', prijs_cents: 2065, bedrag_cents: 4130 },
            { omschrijving: 'Meerwerk: Kitrand', aantal: 1, eenheid: 'stuk', prijs_cents: 475, bedrag_cents: 475 },
          ],
        })}
      />,
    );
    expect(lines()).toEqual([
      ['Deur afhangen en afstellen', '€ 180,00'],
      ['Scharnieren: 2 × € 20,65', '€ 41,30'],
      ['Meerwerk: Kitrand', '€ 4,75'],
    ]);
    expect(text(screen.getByRole('row', { name: /Subtotaal/ }).querySelector('td')!)).toBe('€ 226,05');
    expect(document.body.textContent).not.toContain('€ 221,30');
  });

  it('a job billed by the hour: labour as hours × rate, then each material', () => {
    render(
      <Breakdown
        f={factuur({
          subtotaal_cents: 8050, btw_cents: 1691, totaal_cents: 9741,
          regels: [
            { omschrijving: 'Arbeid', aantal: 1, eenheid: 'uur', prijs_cents: 6500, bedrag_cents: 6500 },
            { omschrijving: 'Pluggen en schroeven', aantal: 1, eenheid: 'stuk', prijs_cents: 1250, bedrag_cents: 1250 },
            { omschrijving: 'Lampkap', aantal: 1, eenheid: 'stuk', prijs_cents: 300, bedrag_cents: 300 },
          ],
        })}
      />,
    );
    expect(lines()).toEqual([
      ['Arbeid: 1 uur × € 65,00', '€ 65,00'],
      ['Pluggen en schroeven', '€ 12,50'],
      ['Lampkap', '€ 3,00'],
    ]);
  });
});
