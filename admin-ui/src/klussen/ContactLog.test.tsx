import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { createFetchMock, type Responder } from '@klusmaat/shared-ui/test/authFixtures';
import { createDataProvider } from '../dataProvider';
import { i18nProvider } from '../i18nProvider';
import { theme } from '../theme';
import { ContactLog } from './ContactLog';

const ID = '00000000-0000-4000-8000-000000000001';
const PATH = `/api/v1/klussen/${ID}/contacten`;

const contact = (wijze: string, notitie: string) => ({
  id: '00000000-0000-4000-8000-0000000000c1', klus_id: ID, wijze, notitie, door: 'Anna Admin', tijdstip: '2026-11-24T09:30:00Z',
});

function start(routes: Record<string, Responder | Responder[]>) {
  const mock = createFetchMock(routes);
  vi.stubGlobal('fetch', mock.fetchFn);
  render(
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider} dataProvider={createDataProvider()} theme={theme}>
        <ContactLog klusId={ID} />
      </AdminContext>
    </MemoryRouter>,
  );
  return mock;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('ContactLog (D26)', () => {
  it('logs a call with a note, shows the toast and the new entry', async () => {
    const mock = start({
      [`GET ${PATH}`]: [{ body: { data: [], total: 0 } }, { body: { data: [contact('gebeld', 'Morgen om tien uur langs.')], total: 1 } }],
      [`POST ${PATH}`]: { status: 201, body: { data: contact('gebeld', 'Morgen om tien uur langs.'), message: 'Contact vastgelegd' } },
    });
    expect(await screen.findByText('Nog geen contact vastgelegd.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Contact vastleggen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact vastleggen' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Gebeld' }));
    fireEvent.change(within(dialog).getByLabelText(/Notitie/), { target: { value: 'Morgen om tien uur langs.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Vastleggen' }));
    await waitFor(() => expect(mock.callsTo(PATH, 'POST')).toHaveLength(1));
    expect(mock.callsTo(PATH, 'POST')[0]?.body).toEqual({ wijze: 'gebeld', notitie: 'Morgen om tien uur langs.' });
    await waitFor(() => expect(screen.getByTestId('contact-log').textContent).toContain('Morgen om tien uur langs.'));
    const log = screen.getByTestId('contact-log');
    expect(log.textContent).toContain('Gebeld');
    expect(log.textContent).toContain('Anna Admin');
    expect(log.textContent).toContain('Morgen om tien uur langs.');
  });

  it('asks how the contact went before sending, and shows the server field message with the note kept', async () => {
    const mock = start({
      [`GET ${PATH}`]: { body: { data: [], total: 0 } },
      [`POST ${PATH}`]: { status: 400, body: { error: { code: 'invalid_contact', message: 'Controleer de gemarkeerde velden.', fields: { notitie: 'De notitie mag hoogstens 1000 tekens lang zijn.' } } } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Contact vastleggen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact vastleggen' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Vastleggen' }));
    expect(await within(dialog).findByText('Kies hoe je contact had: gebeld, WhatsApp of e-mail.')).toBeTruthy();
    expect(mock.callsTo(PATH, 'POST')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'WhatsApp' }));
    fireEvent.change(within(dialog).getByLabelText(/Notitie/), { target: { value: 'Appje gestuurd' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Vastleggen' }));
    expect(await within(dialog).findByText('De notitie mag hoogstens 1000 tekens lang zijn.')).toBeTruthy();
    expect((within(dialog).getByLabelText(/Notitie/) as HTMLTextAreaElement).value).toBe('Appje gestuurd');
  });
});
