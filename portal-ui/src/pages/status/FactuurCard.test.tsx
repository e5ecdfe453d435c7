import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import FactuurCard from './FactuurCard';
import type { Factuur } from './statusApi';

const open: Factuur = {
  factuurnummer: 'DH2026-0042',
  totaal_cents: 15730,
  open_cents: 15730,
  vervaldatum: '2026-12-11',
  iban: 'NL91ABNA0417164300',
  uitgever: 'Klusmaat Den Haag B.V.',
  staat: 'open',
  gecrediteerd_door: null,
};
const PDF = '/api/v1/status/tok/factuur.pdf';

/** The card's text with its white space tidied (Intl puts a no-break space after the euro sign). */
const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();
/** The card's paragraphs and links, each tidied. */
const lines = (el: Element) => Array.from(el.querySelectorAll('h2, p, a')).map(text);

function card(f: Factuur | null, pdf = PDF) {
  render(<FactuurCard f={f} pdf={pdf} />);
  return screen.getByRole('region', { name: 'Uw factuur' });
}

/** What a paid or credited invoice must never say: nothing to pay, no account, no day. */
function expectNothingToPay(c: HTMLElement) {
  expect(text(c)).not.toMatch(/Te betalen|Nog te betalen|Openstaand|Uiterlijk betalen|Op rekening|Vermeld bij de betaling|NL91/);
  expect(within(c).queryByRole('button')).toBeNull();
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('FactuurCard', () => {
  it.each(['open', 'in_bespreking', 'uit_handen'])('%s: the amount, the last day, the account in groups of four, the reference and the PDF', (staat) => {
    const c = card({ ...open, staat });
    const t = text(c);
    expect(lines(c)).toEqual([
      'Uw factuur',
      'De klus is afgerond. Hartelijk dank!',
      'Nog te betalen: € 157,30',
      'Uiterlijk betalen op: vrijdag 11 december 2026',
      'Op rekening: NL91 ABNA 0417 1643 00 t.n.v. Klusmaat Den Haag B.V.',
      'Vermeld bij de betaling: DH2026-0042',
      '', // the copy buttons' status message, empty until a copy
      'Download uw factuur (PDF)',
    ]);
    expect(t).toContain('Nog te betalen: € 157,30');
    expect(t).toContain('Uiterlijk betalen op: vrijdag 11 december 2026');
    expect(t).toContain('Op rekening: NL91 ABNA 0417 1643 00 t.n.v. Klusmaat Den Haag B.V.');
    expect(t).toContain('Vermeld bij de betaling: DH2026-0042');
    expect(t).not.toContain('U heeft al');
    expect(t).not.toContain('Openstaand');
    expect(within(c).getByRole('link', { name: 'Download uw factuur (PDF)' }).getAttribute('href')).toBe(PDF);
    expect(within(c).getByRole('button', { name: 'Kopieer rekeningnummer' })).toBeTruthy();
    expect(within(c).getByRole('button', { name: 'Kopieer factuurnummer' })).toBeTruthy();
  });

  it('deels_betaald: what is still open and what was paid, thousands with a point', () => {
    const t = text(card({ ...open, staat: 'deels_betaald', totaal_cents: 173456, open_cents: 123456 }));
    expect(t).toContain('Nog te betalen: € 1.234,56');
    expect(t).toContain('U heeft al € 500,00 betaald.');
    expect(t).toContain('Op rekening: NL91 ABNA 0417 1643 00');
    expect(t).toContain('Vermeld bij de betaling: DH2026-0042');
  });

  it('betaald: a clear Betaald and thanks, nothing to pay', () => {
    const c = card({ ...open, staat: 'betaald', open_cents: 0 });
    const t = text(c);
    expect(c.querySelector('.status-factuur-betaald')?.textContent).toBe('✓ Betaald');
    expect(c.querySelector('.status-factuur-betaald [aria-hidden="true"]')?.textContent).toBe('✓ ');
    expect(t).toContain('Hartelijk dank voor uw betaling.');
    expect(t).toContain('Factuurnummer: DH2026-0042');
    expectNothingToPay(c);
    expect(within(c).getByRole('link', { name: 'Download uw factuur (PDF)' })).toBeTruthy();
  });

  it('gecrediteerd: by which credit invoice, and that nothing is to be paid', () => {
    const c = card({ ...open, staat: 'gecrediteerd', open_cents: 0, gecrediteerd_door: 'DH2026-0050' });
    const t = text(c);
    expect(t).toContain('Gecrediteerd door DH2026-0050');
    expect(t).toContain('U hoeft niets te betalen.');
    expect(t).not.toContain('Betaald');
    expectNothingToPay(c);
  });

  it('gecrediteerd without the credit invoice number still says so', () => {
    const c = card({ ...open, staat: 'gecrediteerd', open_cents: 0 });
    expect(lines(c)).toEqual(['Uw factuur', 'Gecrediteerd', 'U hoeft niets te betalen.', 'Factuurnummer: DH2026-0042', 'Download uw factuur (PDF)']);
    expectNothingToPay(c);
  });

  it('before the server sends the invoice state: the thanks and the PDF, as before', () => {
    const c = card(null);
    expect(lines(c)).toEqual(['Uw factuur', 'De klus is afgerond. Hartelijk dank!', 'Download uw factuur (PDF)']);
  });

  it('an unknown state: how to pay while money is open, else only the number', () => {
    expect(text(card({ ...open, staat: 'nieuw' }))).toContain('Nog te betalen: € 157,30');
    document.body.innerHTML = '';
    const c = card({ ...open, staat: 'nieuw', open_cents: 0 });
    expect(text(c)).toContain('Factuurnummer: DH2026-0042');
    expectNothingToPay(c);
  });

  it('copies the IBAN without spaces and the reference, and says so in a status message', async () => {
    const user = userEvent.setup();
    // userEvent.setup() installs its own clipboard; this one replaces it to see what was written.
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const c = card(open);
    const status = within(c).getByRole('status');
    expect(status.textContent).toBe('');
    await user.click(within(c).getByRole('button', { name: 'Kopieer rekeningnummer' }));
    expect(writeText).toHaveBeenLastCalledWith('NL91ABNA0417164300');
    expect(status.textContent).toBe('Het rekeningnummer is gekopieerd. U kunt het nu plakken in uw bank-app.');
    await user.click(within(c).getByRole('button', { name: 'Kopieer factuurnummer' }));
    expect(writeText).toHaveBeenLastCalledWith('DH2026-0042');
    expect(status.textContent).toBe('Het factuurnummer is gekopieerd. U kunt het nu plakken in uw bank-app.');
  });

  it('says to write the number down when copying fails', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
    const c = card(open);
    await user.click(within(c).getByRole('button', { name: 'Kopieer rekeningnummer' }));
    expect(within(c).getByRole('status').textContent).toBe('Kopiëren is niet gelukt. Schrijf het rekeningnummer over.');
  });

  it.each([
    ['open', 15730],
    ['betaald', 0],
  ])('passes axe (%s)', async (staat, open_cents) => {
    const { default: axe } = await import('axe-core');
    render(<FactuurCard f={{ ...open, staat, open_cents }} pdf={PDF} />);
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});
