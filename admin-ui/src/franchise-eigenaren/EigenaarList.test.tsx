import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clearToasts } from '@klusmaat/shared-ui/auth/toastStore';
import { startConsole } from '../test/startConsole';

const OWNERS = [
  { id: 'f1', naam: 'Frida Franchise', email: 'frida@klusmaat.nl', regio: ['den-haag'] },
  { id: 'f2', naam: 'Gijs Zonder', email: 'gijs@klusmaat.nl', regio: [] },
];

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearToasts();
});

describe('Franchisenemers', () => {
  it("shows each owner's regions and changes them", async () => {
    const mock = startConsole('/admin/franchise-eigenaren', {
      'GET /api/v1/franchise-eigenaren': { body: { data: OWNERS, total: 2 } },
      'PUT /api/v1/franchise-eigenaren/f2/regios': { body: { data: { ...OWNERS[1], regio: ['utrecht'] }, message: "Regio's opgeslagen" } },
    });
    const gijs = (await screen.findByText('Gijs Zonder')).closest('tr') as HTMLElement;
    expect(within(gijs).getByText('Geen regio toegewezen')).toBeTruthy();
    fireEvent.click(within(gijs).getByRole('button', { name: "Regio's wijzigen van Gijs Zonder" }));
    const dialog = await screen.findByRole('dialog', { name: "Regio's van Gijs Zonder" });
    fireEvent.click(within(dialog).getByLabelText('Utrecht'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText("Regio's opgeslagen")).toBeTruthy();
    expect(mock.calls.find((c) => c.method === 'PUT')?.body).toEqual({ regio: ['utrecht'] });
  });

  it('asks for every field and a region before making an account, and shows the server refusal', async () => {
    const mock = startConsole('/admin/franchise-eigenaren', {
      'GET /api/v1/franchise-eigenaren': { body: { data: OWNERS, total: 2 } },
      'POST /api/v1/franchise-eigenaren': {
        status: 409,
        body: { error: { code: 'duplicate_user', message: 'Er bestaat al een gebruiker met dit e-mailadres. Controleer de lijst met klussers.' } },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Nieuwe franchisenemer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe franchisenemer' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Account aanmaken' }));
    // react-admin's form checks the fields (asynchronously) before anything is sent.
    expect(await within(dialog).findByText('Selecteer minimaal één regio')).toBeTruthy();
    expect(within(dialog).getAllByText('Vul alle verplichte velden in')).toHaveLength(3);
    expect(mock.calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/^Naam/), { target: { value: 'Frida' } });
    fireEvent.change(within(dialog).getByLabelText(/^E-mailadres/), { target: { value: 'frida@klusmaat.nl' } });
    fireEvent.change(within(dialog).getByLabelText(/^Wachtwoord/), { target: { value: 'Klusmaat-2026!' } });
    fireEvent.click(within(dialog).getByLabelText('Den Haag'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Account aanmaken' }));
    await waitFor(() => expect(mock.calls.find((c) => c.method === 'POST')?.body).toEqual({ naam: 'Frida', email: 'frida@klusmaat.nl', password: 'Klusmaat-2026!', regio: ['den-haag'] }));
    expect(await within(dialog).findByText(/Er bestaat al een gebruiker met dit e-mailadres/)).toBeTruthy();
  });
});
