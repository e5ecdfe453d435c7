import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clearToasts } from '@klusmaat/shared-ui/auth/toastStore';
import { startConsole } from '../test/startConsole';
import { ibanInGroepen } from './Bankrekening';

const DETAIL = {
  id: 'k1', naam: 'Piet Bakker', email: 'piet@example.nl', telefoon: '06 12 34 56 01', woonplaats: 'Voorburg', regio: ['den-haag'],
  gemiddelde_beoordeling: 4.5, totaal_uren: 312.5, actief: true, zichtbaar_op_website: true, adres: 'Herenstraat 1', postcode: '2271 AB',
  leeftijd: 70, heeft_vog: true, heeft_vervoer: false, motivatie: '', ervaring: '', beschikbaarheid: ['Maandag'], gepensioneerd_sinds: 2012,
  specialisaties: ['Houtwerk'], intro_tekst: '', fotos: { profiel: null, carousel_1: null, carousel_2: null, carousel_3: null }, beoordelingen: [], uren: [],
};
const PATH = '/api/v1/klussers/k1/bankrekening';
const rekening = (extra: Record<string, unknown> = {}) => ({
  klusser_id: 'k1', ingevuld: true, iban: 'NL91ABNA0417164300', iban_gemaskeerd: 'NL91 **** **** **** 4300', rekeninghouder: 'P. Bakker',
  updated_at: '2026-11-20T10:00:00Z', ...extra,
});

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearToasts();
});

describe('Bankrekening of a klusser (D31)', () => {
  it('writes an IBAN in groups of four', () => {
    expect(ibanInGroepen('NL91ABNA0417164300')).toBe('NL91 ABNA 0417 1643 00');
  });

  it("shows an admin the account masked, changes it with 'Wijzigen', and puts the server's refusal at the IBAN", async () => {
    const melding = 'Dit IBAN klopt niet. Controleer het nummer, bijvoorbeeld NL91 ABNA 0417 1643 00.';
    const nieuw = rekening({ iban: 'NL02RABO0123456789', iban_gemaskeerd: 'NL02 **** **** **** 6789', rekeninghouder: 'P. de Bakker' });
    // The account as the server has it: the new one once the second save went through.
    const opgeslagen = () => mock.callsTo(PATH, 'PUT').length >= 2;
    const mock = startConsole('/admin/klussers/k1', {
      'GET /api/v1/klussers/k1': { body: { data: DETAIL } },
      [`GET ${PATH}`]: () => ({ body: { data: opgeslagen() ? nieuw : rekening() } }),
      [`PUT ${PATH}`]: [
        { status: 400, body: { error: { code: 'invalid_bankrekening', message: 'Controleer de gemarkeerde velden.', fields: { iban: melding } } } },
        { body: { data: nieuw, message: 'Bankrekening opgeslagen' } },
      ],
    });
    const sectie = await screen.findByRole('region', { name: 'Bankrekening' });
    expect((await within(sectie).findByTestId('iban-gemaskeerd')).textContent).toBe('NL91 **** **** **** 4300');
    expect(within(sectie).getByText('P. Bakker')).toBeTruthy();
    expect(sectie.textContent).not.toContain('0417');

    fireEvent.click(within(sectie).getByRole('button', { name: 'Wijzigen: bankrekening van Piet Bakker' }));
    const iban = within(sectie).getByLabelText('IBAN') as HTMLInputElement;
    expect(iban.value).toBe('NL91 ABNA 0417 1643 00');
    fireEvent.change(iban, { target: { value: 'NL91 ABNA 0417 1643 01' } });
    fireEvent.change(within(sectie).getByLabelText('Ten name van'), { target: { value: 'P. de Bakker' } });
    fireEvent.click(within(sectie).getByRole('button', { name: 'Bankrekening opslaan' }));
    await waitFor(() => expect(iban.getAttribute('aria-invalid')).toBe('true'));
    expect(mock.callsTo(PATH, 'PUT')[0]?.body).toEqual({ iban: 'NL91 ABNA 0417 1643 01', rekeninghouder: 'P. de Bakker' });
    expect(iban.closest('.MuiFormControl-root')?.textContent).toContain(melding);
    await waitFor(() => expect(document.activeElement).toBe(iban));
    expect(iban.value).toBe('NL91 ABNA 0417 1643 01');

    fireEvent.change(iban, { target: { value: 'NL02 RABO 0123 4567 89' } });
    fireEvent.click(within(sectie).getByRole('button', { name: 'Bankrekening opslaan' }));
    expect(await screen.findByText('Bankrekening opgeslagen')).toBeTruthy();
    await waitFor(() => expect(within(sectie).getByTestId('iban-gemaskeerd').textContent).toBe('NL02 **** **** **** 6789'));
    expect(within(sectie).queryByLabelText('IBAN')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(within(sectie).getByRole('button', { name: 'Wijzigen: bankrekening van Piet Bakker' })));
  });

  it("says 'IBAN ontbreekt' when there is none, and lets an admin fill it in", async () => {
    startConsole('/admin/klussers/k1', {
      'GET /api/v1/klussers/k1': { body: { data: DETAIL } },
      [`GET ${PATH}`]: { body: { data: rekening({ ingevuld: false, iban: null, iban_gemaskeerd: '', rekeninghouder: '', updated_at: null }) } },
    });
    const sectie = await screen.findByRole('region', { name: 'Bankrekening' });
    expect(await within(sectie).findByText(/IBAN ontbreekt: Piet Bakker heeft nog geen bankrekening opgegeven/)).toBeTruthy();
    fireEvent.click(within(sectie).getByRole('button', { name: 'Invullen: bankrekening van Piet Bakker' }));
    expect((within(sectie).getByLabelText('IBAN') as HTMLInputElement).value).toBe('');
  });

  it('shows a franchise owner the account masked, without a way to change it', async () => {
    startConsole(
      '/franchise/klussers/k1',
      {
        'GET /api/v1/klussers/k1': { body: { data: DETAIL } },
        [`GET ${PATH}`]: { body: { data: rekening({ iban: null }) } },
      },
      'franchise',
    );
    const sectie = await screen.findByRole('region', { name: 'Bankrekening' });
    expect((await within(sectie).findByTestId('iban-gemaskeerd')).textContent).toBe('NL91 **** **** **** 4300');
    expect(within(sectie).queryByRole('button')).toBeNull();
    expect(within(sectie).getByText('Alleen een beheerder of de klusser zelf kan de bankrekening wijzigen.')).toBeTruthy();
  });
});
