import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { createFetchMock, type Responder } from '@shared-auth-test';
import { i18nProvider } from '../i18nProvider';
import { SchouwSection } from './SchouwSection';

const ID = '00000000-0000-4000-8000-000000000001';
const PATH = `/api/v1/klussen/${ID}/schouw`;
const planned = { klus_id: ID, start: '2026-11-26T09:30:00Z', opnemer: 'Kees de Opnemer', status: 'gepland', uitkomst: '', versie: 1 };

function start(routes: Record<string, Responder | Responder[]>, planbaar = true) {
  const mock = createFetchMock(routes);
  vi.stubGlobal('fetch', mock.fetchFn);
  render(
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider}>
        <SchouwSection klusId={ID} planbaar={planbaar} heeftEmail />
      </AdminContext>
    </MemoryRouter>,
  );
  return mock;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('SchouwSection (D26)', () => {
  it('plans a survey: checks the fields first, sends date, time and assessor, and shows the appointment', async () => {
    const mock = start({
      [`GET ${PATH}`]: { body: { data: null } },
      [`PUT ${PATH}`]: { body: { data: planned, message: 'Schouw ingepland' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Schouw plannen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schouw plannen' });
    expect(within(dialog).getByText('De klant krijgt een e-mail met de afspraak en de persoonlijke statuslink.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Tijd/), { target: { value: '21:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Plannen' }));
    expect(await within(dialog).findByText('Kies een datum vanaf vandaag.')).toBeTruthy();
    expect(within(dialog).getByText('Kies een tijd tussen 07:00 en 20:00.')).toBeTruthy();
    expect(within(dialog).getByText('Vul de naam in van wie de schouw doet.')).toBeTruthy();
    expect(mock.callsTo(PATH, 'PUT')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/Datum/), { target: { value: '2026-11-26' } });
    fireEvent.change(within(dialog).getByLabelText(/Tijd/), { target: { value: '10:30' } });
    fireEvent.change(within(dialog).getByLabelText(/Wie doet de schouw/), { target: { value: 'Kees de Opnemer' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Plannen' }));
    await waitFor(() => expect(mock.callsTo(PATH, 'PUT')).toHaveLength(1));
    expect(mock.callsTo(PATH, 'PUT')[0]?.body).toEqual({ datum: '2026-11-26', tijd: '10:30', opnemer: 'Kees de Opnemer' });
    // The section shows 'no survey yet' until the saved survey arrives, so wait for the new text.
    await waitFor(() => expect(screen.getByTestId('schouw').textContent).toContain('Kees de Opnemer'));
    expect(screen.getByRole('button', { name: 'Schouw wijzigen' })).toBeTruthy();
  });

  it('opens a change with the planned date and time in Amsterdam, and records the outcome', async () => {
    const mock = start({
      [`GET ${PATH}`]: { body: { data: planned } },
      [`POST ${PATH}/uitkomst`]: { body: { data: { ...planned, status: 'uitgevoerd', uitkomst: 'Twee planken.' }, message: 'Uitkomst van de schouw vastgelegd' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Schouw wijzigen' }));
    const change = await screen.findByRole('dialog', { name: 'Schouw wijzigen' });
    expect((within(change).getByLabelText(/Datum/) as HTMLInputElement).value).toBe('2026-11-26');
    expect((within(change).getByLabelText(/Tijd/) as HTMLInputElement).value).toBe('10:30');
    fireEvent.click(within(change).getByRole('button', { name: 'Annuleren' }));
    fireEvent.click(screen.getByRole('button', { name: 'Uitkomst vastleggen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Uitkomst vastleggen' });
    fireEvent.change(within(dialog).getByLabelText(/Uitkomst/), { target: { value: 'Twee planken.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Vastleggen' }));
    await waitFor(() => expect(mock.callsTo(`${PATH}/uitkomst`, 'POST')).toHaveLength(1));
    // The planned survey stays on screen until the recorded outcome replaces it.
    await waitFor(() => expect(screen.getByTestId('schouw').textContent).toContain('Twee planken.'));
    expect(screen.queryByRole('button', { name: 'Schouw wijzigen' })).toBeNull();
  });
});
