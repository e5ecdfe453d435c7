import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clearToasts } from '@klusmaat/shared-ui/auth/toastStore';
import { startConsole } from '../test/startConsole';
import { REGIOS_ANSWER } from '../test/regios';

/** The demo's regions and one more, as a franchise region added as a row would come back. */
const MET_GRONINGEN = {
  data: [...REGIOS_ANSWER.data, { id: 'groningen', slug: 'groningen', naam: 'Groningen', woonplaatsen: ['Haren'] }].sort((a, b) => a.naam.localeCompare(b.naam)),
  total: 5,
};

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearToasts();
});

describe('the regions come from GET /api/v1/regios', () => {
  it('offers a region the server lists in the jobs filter, and asks once for the whole session', async () => {
    const mock = startConsole('/admin/klussen', {
      'GET /api/v1/regios': { body: MET_GRONINGEN },
      'GET /api/v1/klussen': { body: { data: [], total: 0 } },
      'GET /api/v1/klussen/counts': { body: { data: { open: 0, ingepland: 0, bezig: 0, afgerond: 0, totaal: 0 } } },
      'GET /api/v1/events': { status: 204 },
    });
    const filter = await screen.findByRole('combobox', { name: 'Regio' });
    fireEvent.mouseDown(filter);
    const listbox = await screen.findByRole('listbox');
    const options = within(listbox).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(["Alle regio's", 'Amsterdam', 'Den Haag', 'Groningen', 'Rotterdam', 'Utrecht']);
    fireEvent.click(within(listbox).getByRole('option', { name: 'Groningen' }));
    await waitFor(() => expect(mock.callsTo('/api/v1/klussen', 'GET').some((c) => c.query.get('regio') === 'groningen')).toBe(true));

    // Another screen with region choices: the cached list, no second request.
    fireEvent.click(screen.getByRole('button', { name: /Nieuwe klus/i }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe klus' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Regio/ }));
    expect(await screen.findByRole('option', { name: 'Groningen' })).toBeTruthy();
    expect(mock.callsTo('/api/v1/regios')).toHaveLength(1);
    const query = mock.callsTo('/api/v1/regios')[0]?.query;
    expect(query?.get('sort')).toBe('naam');
    expect(query?.get('per_page')).toBe('100');
  });
});
