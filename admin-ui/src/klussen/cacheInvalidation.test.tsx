import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clearToasts } from '@klusmaat/shared-ui/auth/toastStore';
import type { RecordedCall } from '@klusmaat/shared-ui/test/authFixtures';
import { startConsole } from '../test/startConsole';
import { ID, klus, rij } from './testFixtures';

const PIET = { id: 'k1', naam: 'Piet Bakker', woonplaats: 'Voorburg', regio: ['den-haag'], telefoon: '' };

/**
 * A fake API with state: the job is in the pool until it is assigned or archived, and every read
 * (the list, its counts, the job itself) answers what the job is now, as the server would.
 */
function fakeApi() {
  let job = klus();
  const row = () =>
    rij({ status: job.status, assignment_type: job.assignment_type, klusser: job.klusser, archived: job.archived });
  const counts = () => ({
    open: job.status === 'open' ? 1 : 0,
    ingepland: job.status === 'ingepland' ? 1 : 0,
    bezig: 0,
    afgerond: 0,
    totaal: 1,
  });
  return startConsole('/admin/klussen', {
    'GET /api/v1/klussen': () => ({ body: { data: job.archived ? [] : [row()], total: job.archived ? 0 : 1 } }),
    'GET /api/v1/klussen/counts': () => ({ body: { data: job.archived ? { ...counts(), open: 0, totaal: 0 } : counts() } }),
    [`GET /api/v1/klussen/${ID}`]: () => ({ body: { data: job } }),
    [`GET /api/v1/klussen/${ID}/contacten`]: { body: { data: [], total: 0 } },
    [`GET /api/v1/klussen/${ID}/schouw`]: { body: { data: null } },
    [`GET /api/v1/klussen/${ID}/offerte`]: { body: { data: null } },
    'GET /api/v1/klussen/klussers': { body: { data: [PIET], total: 1 } },
    'GET /api/v1/events': { status: 204 },
    [`POST /api/v1/klussen/${ID}/assign`]: (call: RecordedCall) => {
      job = klus({ status: 'ingepland', assignment_type: 'direct', klusser_id: PIET.id, klusser: PIET.naam });
      void call;
      return { body: { data: job, message: 'Klusser direct toegewezen - werkbon aangemaakt' } };
    },
    [`POST /api/v1/klussen/${ID}/archive`]: () => {
      job = { ...job, archived: true };
      return { body: { data: job, message: 'Klus gearchiveerd' } };
    },
  });
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearToasts();
});

/**
 * The console's shared cache (api/useAction.ts): an action on a job invalidates the resources it
 * declares (klussen/actions.ts), so the screens already loaded read them again and show the change
 * at once, without a reload and without the page asking for it.
 */
describe('a change on one view shows on the others without a reload', () => {
  it('assigning a job in its dialog updates the jobs list and its counts under the dialog', async () => {
    const mock = fakeApi();
    const row = (await screen.findByText('Lamp ophangen', { selector: 'td span' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('In pool')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('card-open').textContent).toBe('Open1'));
    const listReads = mock.callsTo('/api/v1/klussen', 'GET').length;

    fireEvent.click(row);
    const dialog = await screen.findByRole('dialog', { name: 'Klusdetails' });
    expect(await within(dialog).findByText('Status: Open')).toBeTruthy();
    fireEvent.mouseDown(await within(dialog).findByRole('combobox', { name: 'Klusser uit Den Haag' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Piet Bakker (Voorburg)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Direct toewijzen' }));
    expect(await screen.findByText('Klusser direct toegewezen - werkbon aangemaakt')).toBeTruthy();

    // The dialog is still open: the job in it, the row under it and the cards all show the assignment.
    expect(await within(dialog).findByText('Status: Ingepland')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByText('Lamp ophangen', { selector: 'td span' }).closest('tr') as HTMLElement).getByText('Piet Bakker')).toBeTruthy());
    await waitFor(() => expect(screen.getByTestId('card-ingepland').textContent).toBe('Ingepland1'));
    expect(screen.getByTestId('card-open').textContent).toBe('Open0');
    expect(mock.callsTo('/api/v1/klussen', 'GET').length).toBeGreaterThan(listReads);
  });

  it('archiving a job from its row takes it out of the list and the counts', async () => {
    fakeApi();
    fireEvent.click(await screen.findByRole('button', { name: 'Archiveren: Lamp ophangen' }));
    await waitFor(() => expect(screen.getByTestId('card-totaal').textContent).toBe('Totaal1'));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Klus archiveren?' })).getByRole('button', { name: 'Archiveren' }));
    expect(await screen.findByText('Klus gearchiveerd')).toBeTruthy();
    expect(await screen.findByText('Nog geen klussen')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('card-totaal').textContent).toBe('Totaal0'));
  });
});
