import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clearToasts } from '@klusmaat/shared-ui/auth/toastStore';
import type { RecordedCall } from '@klusmaat/shared-ui/test/authFixtures';
import type { Notification } from '@klusmaat/shared-ui/notifications';
import BeschikbareKlussen from '../beschikbare-klussen/BeschikbareKlussen';
import KlusserDashboard from '../dashboard/KlusserDashboard';
import { API, FakeEventSource, installFakeEventSource, klus, page, renderKlusser } from '../shared/testKit';
import { jobPath } from './NotificationBell';

const POOL_KLUS = '00000000-0000-4000-8000-00000000aa01';
const note = (id: string, message: string, created_at: string, type = 'nieuwe_klus', read_at: string | null = null): Notification => ({
  id,
  message,
  type,
  klus_id: POOL_KLUS,
  read_at,
  created_at,
});

/** The server's inbox, newest first, as services/notifications answers it. */
function server(initial: Notification[]) {
  let items = [...initial];
  const read = (n: Notification) => ({ ...n, read_at: n.read_at ?? '2026-11-27T08:00:00Z' });
  return {
    add: (n: Notification) => (items = [n, ...items]),
    routes: {
      'GET /api/v1/notifications': () => ({ body: { data: items, total: items.length, unread: items.filter((n) => n.read_at === null).length } }),
      'POST /api/v1/notifications/read-all': () => {
        items = items.map(read);
        return { body: { marked: 1 } };
      },
      'POST /api/v1/notifications/n-1/read': (call: RecordedCall) => {
        items = items.map((n) => (call.path.includes(`/${n.id}/`) ? read(n) : n));
        return { body: { marked: 1 } };
      },
      [`GET ${API}/overzicht`]: { body: { naam: 'Piet Bakker', regios: ['den-haag'], vandaag: 0, deze_week: 0, pool: 1 } },
    },
  };
}

beforeEach(() => installFakeEventSource());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearToasts();
});

describe("the klusser's bell (D33)", () => {
  it('shows the number unread in the header, lists newest first, marks read and follows the event stream', async () => {
    const inbox = server([
      note('n-1', 'Nieuwe klus beschikbaar in jouw regio!', '2026-11-27T07:10:00Z'),
      note('n-0', 'Herinnering: morgen (28-11-2026) om 09:00 heb je een klus in Voorburg.', '2026-11-26T17:00:00Z', 'herinnering', '2026-11-26T18:00:00Z'),
    ]);
    const { mock } = renderKlusser('/klusser/dashboard', '/klusser/dashboard', <KlusserDashboard />, inbox.routes);
    const bell = await screen.findByRole('button', { name: 'Meldingen, 1 ongelezen' });
    expect(bell.textContent).toBe('1');

    fireEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Meldingen' });
    expect(within(panel).getAllByRole('link').map((l) => l.textContent)).toEqual([
      'Ongelezen: Nieuwe klus beschikbaar in jouw regio!',
      'Herinnering: morgen (28-11-2026) om 09:00 heb je een klus in Voorburg.',
    ]);
    fireEvent.click(within(panel).getByRole('button', { name: 'Gelezen: Nieuwe klus beschikbaar in jouw regio!' }));
    await waitFor(() => expect(within(panel).queryByRole('button', { name: /^Gelezen/ })).toBeNull());
    expect(document.activeElement).toBe(within(panel).getByRole('link', { name: 'Nieuwe klus beschikbaar in jouw regio!' }));
    expect(mock.callsTo('/api/v1/notifications/n-1/read', 'POST')).toHaveLength(1);
    expect((within(panel).getByRole('button', { name: 'Alles gelezen' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(panel).getByRole('button', { name: 'Sluiten' }));
    expect(await screen.findByRole('button', { name: 'Meldingen, geen ongelezen' })).toBe(document.activeElement);

    // Another job enters the pool: the stream says the inbox changed; bell and screen reader follow.
    inbox.add(note('n-2', 'Nieuwe klus beschikbaar in jouw regio!', '2026-11-27T07:40:00Z'));
    act(() => FakeEventSource.instances.forEach((s) => s.emit('notification')));
    expect(await screen.findByRole('button', { name: 'Meldingen, 1 ongelezen' })).toBeTruthy();
    expect(screen.getByText('Nieuwe melding: Nieuwe klus beschikbaar in jouw regio!').getAttribute('aria-live')).toBe('polite');

    fireEvent.click(screen.getByRole('button', { name: 'Meldingen, 1 ongelezen' }));
    const again = await screen.findByRole('dialog', { name: 'Meldingen' });
    fireEvent.click(within(again).getByRole('button', { name: 'Alles gelezen' }));
    expect(document.activeElement).toBe(within(again).getByRole('heading', { name: 'Meldingen' }));
    expect(await screen.findByRole('button', { name: 'Meldingen, geen ongelezen', hidden: true })).toBeTruthy();
    expect(mock.callsTo('/api/v1/notifications/read-all', 'POST')).toHaveLength(1);
  });

  it("opens a pool job's notification in the pool, marking it read", async () => {
    const inbox = server([note('n-1', 'Nieuwe klus beschikbaar in jouw regio!', '2026-11-27T07:10:00Z')]);
    const { mock } = renderKlusser('/klusser/dashboard', '/klusser/dashboard', <KlusserDashboard />, inbox.routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Meldingen, 1 ongelezen' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Meldingen' })).getByRole('link', { name: /Nieuwe klus/ }));
    expect(await screen.findByRole('heading', { level: 1, name: `Pagina /klusser/beschikbare-klussen?klus=${POOL_KLUS}` })).toBeTruthy();
    expect(mock.callsTo('/api/v1/notifications/n-1/read', 'POST')).toHaveLength(1);
  });

  it("shows the notification's job from the pool with its details", async () => {
    const kast = klus({ id: POOL_KLUS, beschrijving: 'Kast ophangen in de gang' });
    renderKlusser(`/klusser/beschikbare-klussen?klus=${POOL_KLUS}`, '/klusser/beschikbare-klussen', <BeschikbareKlussen />, {
      ...server([]).routes,
      [`GET ${API}/pool`]: page([klus(), kast]),
    });
    const details = await screen.findByRole('dialog', { name: 'Montage & Ophangwerk' });
    expect(within(details).getByText('Kast ophangen in de gang')).toBeTruthy();
  });

  it('opens a reminder at its work order and an assigned job where it is planned', () => {
    expect(jobPath({ type: 'herinnering', klus_id: 'k 1' })).toBe('/klusser/werkbon/k%201');
    expect(jobPath({ type: 'klus_toegewezen', klus_id: 'k1' })).toBe('/klusser/plan-klus/k1');
    expect(jobPath({ type: 'nieuwe_klus', klus_id: null })).toBeNull();
  });
});
