import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { clearToasts } from '@klusmaat/shared-ui/auth/toastStore';
import type { Responder } from '@klusmaat/shared-ui/test/authFixtures';
import { startConsole } from '../test/startConsole';

const SETTINGS = {
  id: 'algemeen',
  support_phone_default: '070 123 4567',
  regios: [
    { regio: 'den-haag', naam: 'Den Haag', support_phone: '070 111 2222', support_email: 'denhaag@klusmaat.nl' },
    { regio: 'utrecht', naam: 'Utrecht', support_phone: '', support_email: '' },
  ],
};

function start(put: Responder) {
  return startConsole('/admin/settings', {
    'GET /api/v1/settings/algemeen': { body: { data: SETTINGS } },
    'PUT /api/v1/settings/algemeen': put,
    'GET /api/v1/factuur-uitgevers': { body: { data: [], total: 0 } },
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearToasts();
});

describe('Instellingen', () => {
  it('saves the default phone and each region, sending exactly the fields of the API', async () => {
    const mock = start({ body: { data: SETTINGS, message: 'Opgeslagen' } });
    const utrecht = await screen.findByLabelText('Supporttelefoon Utrecht');
    fireEvent.change(utrecht, { target: { value: '030 123 4567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Opgeslagen')).toBeTruthy();
    expect(mock.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      support_phone_default: '070 123 4567',
      regios: [
        { regio: 'den-haag', support_phone: '070 111 2222', support_email: 'denhaag@klusmaat.nl' },
        { regio: 'utrecht', support_phone: '030 123 4567', support_email: '' },
      ],
    });
  });

  it('says Fout bij opslaan with the server message and marks the field, keeping what was typed', async () => {
    start({
      status: 400,
      body: {
        error: {
          code: 'invalid_settings',
          message: 'Vul een geldig e-mailadres in.',
          fields: { 'regios.utrecht.support_email': 'Vul een geldig e-mailadres in.' },
        },
      },
    });
    const email = (await screen.findByLabelText('Support e-mail Utrecht')) as HTMLInputElement;
    fireEvent.change(email, { target: { value: 'geen-adres' } });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect((await screen.findAllByText('Fout bij opslaan: Vul een geldig e-mailadres in.')).length).toBeGreaterThan(0);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(email.value).toBe('geen-adres');
  });
});
