import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clearToasts } from '@klusmaat/shared-ui/auth/toastStore';
import type { Responder } from '@klusmaat/shared-ui/test/authFixtures';
import { startConsole } from '../test/startConsole';
import { percentageTekst } from '../afdrachten/actions';

const SETTINGS = { id: 'algemeen', support_phone_default: '070 123 4567', regios: [] };
const PERCENTAGES = {
  regios: [
    { regio: 'den-haag', naam: 'Den Haag', eigen_bedrijf: true, percentage: '8.00' },
    { regio: 'rotterdam', naam: 'Rotterdam', eigen_bedrijf: false, percentage: '8.00' },
    { regio: 'utrecht', naam: 'Utrecht', eigen_bedrijf: false, percentage: '8.00' },
  ],
};
const PUT = '/api/v1/afdracht-percentages/den-haag';

function start(put: Responder) {
  return startConsole('/admin/settings', {
    'GET /api/v1/settings/algemeen': { body: { data: SETTINGS } },
    'GET /api/v1/factuur-uitgevers': { body: { data: [], total: 0 } },
    'GET /api/v1/afdracht-percentages': { body: { data: PERCENTAGES } },
    [`PUT ${PUT}`]: put,
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearToasts();
});

describe('Afdrachtpercentage per regio (D32)', () => {
  it('reads the API percentage with a decimal comma', () => {
    expect(percentageTekst('8.00')).toBe('8');
    expect(percentageTekst('7.50')).toBe('7,5');
    expect(percentageTekst('7.25')).toBe('7,25');
    expect(percentageTekst('100.00')).toBe('100');
  });

  it("offers each region with its own business, and sends '7,5' as typed", async () => {
    const mock = start({ body: { data: { regio: 'den-haag', naam: 'Den Haag', eigen_bedrijf: true, percentage: '7.50' }, message: 'Afdrachtpercentage opgeslagen' } });
    const sectie = await screen.findByRole('region', { name: 'Afdrachtpercentage per regio' });
    const veld = (await within(sectie).findByLabelText('Afdrachtpercentage Den Haag')) as HTMLInputElement;
    expect(veld.value).toBe('8');
    // Regions without a business of their own pay no fee: named, not offered.
    expect(within(sectie).queryByLabelText(/Afdrachtpercentage Utrecht/)).toBeNull();
    expect(within(sectie).getByText('Zonder eigen bedrijf, dus zonder afdracht: Rotterdam, Utrecht.')).toBeTruthy();
    fireEvent.change(veld, { target: { value: '7,5' } });
    fireEvent.click(within(sectie).getByRole('button', { name: 'Opslaan: afdrachtpercentage Den Haag' }));
    await waitFor(() => expect(mock.callsTo(PUT, 'PUT')).toHaveLength(1));
    expect(mock.callsTo(PUT, 'PUT')[0]?.body).toEqual({ percentage: '7,5' });
    expect(await screen.findByText('Afdrachtpercentage opgeslagen')).toBeTruthy();
    await waitFor(() => expect((within(sectie).getByLabelText('Afdrachtpercentage Den Haag') as HTMLInputElement).value).toBe('7,5'));
  });

  it("shows the server's refusal at the field, focused, and keeps what was typed", async () => {
    const melding = 'Vul een percentage van 0 tot en met 100 in, bijvoorbeeld 8 of 7,5.';
    const mock = start({ status: 400, body: { error: { code: 'invalid_percentage', message: melding, fields: { percentage: melding } } } });
    const sectie = await screen.findByRole('region', { name: 'Afdrachtpercentage per regio' });
    const veld = (await within(sectie).findByLabelText('Afdrachtpercentage Den Haag')) as HTMLInputElement;
    fireEvent.change(veld, { target: { value: '12,5' } });
    fireEvent.click(within(sectie).getByRole('button', { name: 'Opslaan: afdrachtpercentage Den Haag' }));
    await waitFor(() => expect(mock.callsTo(PUT, 'PUT')).toHaveLength(1));
    await waitFor(() => expect(veld.getAttribute('aria-invalid')).toBe('true'));
    const bij = veld.closest('.MuiFormControl-root');
    expect(bij?.textContent).toContain(melding);
    await waitFor(() => expect(document.activeElement).toBe(veld));
    expect(veld.value).toBe('12,5');
  });

  it('refuses what is no percentage before sending, in the words the server uses', async () => {
    const mock = start({ body: {} });
    const sectie = await screen.findByRole('region', { name: 'Afdrachtpercentage per regio' });
    const veld = (await within(sectie).findByLabelText('Afdrachtpercentage Den Haag')) as HTMLInputElement;
    fireEvent.change(veld, { target: { value: '7,555' } });
    fireEvent.click(within(sectie).getByRole('button', { name: 'Opslaan: afdrachtpercentage Den Haag' }));
    await waitFor(() => expect(veld.getAttribute('aria-invalid')).toBe('true'));
    expect(veld.closest('.MuiFormControl-root')?.textContent).toContain('Vul een percentage van 0 tot en met 100 in, bijvoorbeeld 8 of 7,5.');
    expect(mock.callsTo(PUT, 'PUT')).toHaveLength(0);
  });
});
