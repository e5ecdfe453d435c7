import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clearToasts } from '@klusmaat/shared-ui/auth/toastStore';
import type { RecordedCall } from '@klusmaat/shared-ui/test/authFixtures';
import { startConsole } from '../test/startConsole';
import type { Betaalbatch } from './actions';
import { rij, UITGEVERS } from './testFixtures';

const BATCH = '00000000-0000-4000-8000-0000000000b1';

function batch(extra: Partial<Betaalbatch> = {}): Betaalbatch {
  return {
    id: BATCH,
    uitgever: 'den-haag',
    uitgever_naam: 'Klusmaat Den Haag B.V.',
    bericht_id: 'KM-20261127-ABCDEF12',
    uitvoerdatum: '2026-11-30',
    aantal: 1,
    totaal_cents: 24500,
    status: 'aangemaakt',
    status_tekst: 'Aangemaakt',
    created_at: '2026-11-27T09:00:00Z',
    uitgevoerd_at: null,
    download: `/api/v1/betaalbatches/${BATCH}/pain.xml`,
    ...extra,
  };
}

/** The approved statements of Den Haag not yet in a batch: one to pay, one without IBAN, one of nothing. */
const goedgekeurd = [
  rij({ status: 'goedgekeurd', status_tekst: 'Goedgekeurd' }),
  rij({ id: 'u2', nummer: 'UB202610-0002', klusser_naam: 'Gerrit Visser', status: 'goedgekeurd', status_tekst: 'Goedgekeurd', iban_ontbreekt: true, totaal_cents: 7000 }),
  rij({ id: 'u3', nummer: 'UB202610-0003', klusser_naam: 'Jan de Groot', status: 'goedgekeurd', status_tekst: 'Goedgekeurd', totaal_cents: -3500 }),
  rij({ id: 'u4', nummer: 'UB202609-0001', status: 'goedgekeurd', status_tekst: 'Goedgekeurd', batch_id: 'al-in-een-batch' }),
];

const voorDenHaag = (call: RecordedCall) =>
  call.query.get('uitgever') === 'den-haag' && call.query.get('status') === 'goedgekeurd' ? { body: { data: goedgekeurd, total: 4 } } : { body: { data: [], total: 0 } };

function start(extra: Record<string, unknown> = {}, role = 'franchise') {
  return startConsole(
    role === 'admin' ? '/admin/betaalbatches' : '/franchise/betaalbatches',
    {
      ...UITGEVERS,
      'GET /api/v1/uitbetalingen': voorDenHaag,
      'GET /api/v1/betaalbatches': { body: { data: [batch(), batch({ id: 'b0', bericht_id: 'KM-20261027-00000000', status: 'uitgevoerd', status_tekst: 'Uitgevoerd op 29-10-2026', uitgevoerd_at: '2026-10-29T10:00:00Z' })], total: 2 } },
      ...extra,
    },
    role,
  );
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearToasts();
});

describe('Betaalbatches (D31)', () => {
  it("shows per business what a new payment file takes and what stays out and why, makes it, and offers its download", async () => {
    const mock = start({
      'POST /api/v1/betaalbatches': {
        status: 201,
        body: {
          data: batch(),
          uitbetalingen: ['UB202610-0001'],
          zonder_iban: ['UB202610-0002'],
          niet_positief: ['UB202610-0003'],
          message:
            'Betaalbatch KM-20261127-ABCDEF12 aangemaakt: 1 uitbetaling, samen € 245,00, uit te voeren op 30-11-2026. 1 uitbetaling zonder IBAN niet meegenomen: UB202610-0002.',
        },
      },
    });
    // A franchise owner pays from its own business only.
    const maken = await screen.findByRole('region', { name: 'Betaalbestand maken' });
    const denHaag = await within(maken).findByRole('region', { name: 'Klusmaat Den Haag B.V. (regio Den Haag)' });
    expect(within(maken).queryByRole('region', { name: /Klusmaat B.V. \(centraal\)/ })).toBeNull();
    const mee = await within(denHaag).findByTestId('mee-den-haag');
    expect(within(denHaag).getByText(/Gaat mee: 1 uitbetaling, samen €\s245,00/)).toBeTruthy();
    expect(mee.textContent?.replace(/\s/g, ' ')).toBe('UB202610-0001, Piet Bakker, oktober 2026: € 245,00');
    const buiten = within(denHaag).getByTestId('buiten-den-haag');
    expect(within(buiten).getByText(/UB202610-0002, Gerrit Visser.*Reden: IBAN ontbreekt/)).toBeTruthy();
    expect(within(buiten).getByText(/UB202610-0003, Jan de Groot.*Reden: totaal -?€\s-?35,00: niets te betalen/)).toBeTruthy();
    expect(buiten.textContent).not.toContain('UB202609-0001');
    const preview = mock.callsTo('/api/v1/uitbetalingen', 'GET').find((c) => c.query.get('uitgever') === 'den-haag');
    expect(preview?.query.get('status')).toBe('goedgekeurd');

    fireEvent.click(within(denHaag).getByRole('button', { name: 'Betaalbestand maken voor Klusmaat Den Haag B.V. (regio Den Haag)' }));
    await waitFor(() => expect(mock.callsTo('/api/v1/betaalbatches', 'POST')).toHaveLength(1));
    expect(mock.callsTo('/api/v1/betaalbatches', 'POST')[0]?.body).toEqual({ uitgever: 'den-haag' });
    const uitslag = await within(denHaag).findByRole('note', { name: 'Betaalbestand gemaakt voor Klusmaat Den Haag B.V. (regio Den Haag)' });
    expect(within(uitslag).getByText(/1 uitbetaling zonder IBAN niet meegenomen: UB202610-0002/)).toBeTruthy();
    expect(within(uitslag).getByRole('link', { name: 'Betaalbestand KM-20261127-ABCDEF12 downloaden' }).getAttribute('href')).toBe(`/api/v1/betaalbatches/${BATCH}/pain.xml`);
    await waitFor(() => expect(document.activeElement).toBe(uitslag));
  });

  it("lists the batches with their file, and asks 'Heeft de bank de betalingen uitgevoerd?' before confirming", async () => {
    const UITGEVOERD = `/api/v1/betaalbatches/${BATCH}/uitgevoerd`;
    const mock = start({
      [`POST ${UITGEVOERD}`]: { body: { data: batch({ status: 'uitgevoerd', status_tekst: 'Uitgevoerd op 27-11-2026' }), message: 'Betaalbatch KM-20261127-ABCDEF12 uitgevoerd door de bank: 1 uitbetaling uitbetaald.' } },
    });
    const row = (await screen.findByText('KM-20261127-ABCDEF12')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Aangemaakt')).toBeTruthy();
    expect(within(row).getByText('30-11-2026')).toBeTruthy();
    expect(within(row).getByText('gemaakt 27-11-2026')).toBeTruthy();
    expect(within(row).getByText('1 uitbetaling')).toBeTruthy();
    const download = within(row).getByRole('link', { name: /^Betaalbestand downloaden: betaalbatch KM-20261127-ABCDEF12/ });
    expect(download.getAttribute('href')).toBe(`/api/v1/betaalbatches/${BATCH}/pain.xml`);
    expect(download.hasAttribute('download')).toBe(true);
    // A batch carried out already offers no confirmation.
    const oud = screen.getByText('KM-20261027-00000000').closest('tr') as HTMLElement;
    expect(within(oud).getByText('Uitgevoerd')).toBeTruthy();
    expect(within(oud).getByText('op 29-10-2026')).toBeTruthy();
    expect(within(oud).queryByRole('button', { name: /Uitgevoerd door de bank/ })).toBeNull();

    // Asked first: Annuleren sends nothing.
    fireEvent.click(within(row).getByRole('button', { name: /^Uitgevoerd door de bank: betaalbatch KM-20261127-ABCDEF12/ }));
    let vraag = await screen.findByRole('dialog', { name: 'Heeft de bank de betalingen uitgevoerd?' });
    expect(within(vraag).getByText(/1 uitbetaling, €\s245,00/)).toBeTruthy();
    fireEvent.click(within(vraag).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Heeft de bank de betalingen uitgevoerd?' })).toBeNull());
    expect(mock.callsTo(UITGEVOERD, 'POST')).toHaveLength(0);

    fireEvent.click(within(row).getByRole('button', { name: /^Uitgevoerd door de bank/ }));
    vraag = await screen.findByRole('dialog', { name: 'Heeft de bank de betalingen uitgevoerd?' });
    expect(mock.callsTo(UITGEVOERD, 'POST')).toHaveLength(0);
    fireEvent.click(within(vraag).getByRole('button', { name: 'Ja, uitgevoerd' }));
    await waitFor(() => expect(mock.callsTo(UITGEVOERD, 'POST')).toHaveLength(1));
    expect(await screen.findByText('Betaalbatch KM-20261127-ABCDEF12 uitgevoerd door de bank: 1 uitbetaling uitbetaald.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Heeft de bank de betalingen uitgevoerd?' })).toBeNull());
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Gemaakte betaalbestanden'));
  });

  it('offers an admin every business, and says when there is nothing to pay', async () => {
    start({}, 'admin');
    const maken = await screen.findByRole('region', { name: 'Betaalbestand maken' });
    const centraal = await within(maken).findByRole('region', { name: 'Klusmaat B.V. (centraal)' });
    expect(await within(centraal).findByText(/Er is nu niets te betalen/)).toBeTruthy();
    expect(within(centraal).queryByRole('button', { name: /^Betaalbestand maken/ })).toBeNull();
    expect(await within(maken).findByRole('region', { name: 'Klusmaat Den Haag B.V. (regio Den Haag)' })).toBeTruthy();
  });
});
