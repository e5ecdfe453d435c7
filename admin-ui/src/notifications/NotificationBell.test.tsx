import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { clearToasts } from '@klusmaat/shared-ui/auth/toastStore';
import { createFetchMock, KRATOS, LOGOUT_OK, me, type RecordedCall } from '@klusmaat/shared-ui/test/authFixtures';
import { FakeEventSource, installFakeEventSource } from '@klusmaat/shared-ui/test/fakeEventSource';
import type { Notification } from '@klusmaat/shared-ui/notifications';
import { App } from '../App';
import { jobPath } from './NotificationBell';

const KLUS = '5d7e0c3a-1111-4000-8000-000000000001';
const note = (id: string, message: string, created_at: string, read_at: string | null = null, klus_id: string | null = KLUS): Notification => ({
  id,
  message,
  type: 'klus_opgepakt',
  klus_id,
  read_at,
  created_at,
});

/** The server's inbox: newest first, read marks kept, as services/notifications answers. */
function server(initial: Notification[]) {
  let items = [...initial];
  const answer = () => ({
    body: { data: items, total: items.length, unread: items.filter((n) => n.read_at === null).length },
  });
  return {
    add: (n: Notification) => (items = [n, ...items]),
    routes: {
      'GET /api/v1/notifications': answer,
      'POST /api/v1/notifications/read-all': () => {
        items = items.map((n) => ({ ...n, read_at: n.read_at ?? '2026-11-27T08:00:00Z' }));
        return { body: { marked: 1 } };
      },
      [`POST /api/v1/notifications/n-1/read`]: (call: RecordedCall) => {
        items = items.map((n) => (call.path.includes(n.id) ? { ...n, read_at: '2026-11-27T08:00:00Z' } : n));
        return { body: { marked: 1 } };
      },
    },
  };
}

function start(path: string, role: string, inbox: ReturnType<typeof server>) {
  const mock = createFetchMock({ [`GET ${KRATOS.me}`]: { body: me(role) }, ...LOGOUT_OK, ...inbox.routes });
  vi.stubGlobal('fetch', mock.fetchFn);
  window.history.replaceState(null, '', path);
  render(<App />);
  return mock;
}

beforeEach(() => installFakeEventSource());
afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

describe('the console bell (D33)', () => {
  it('shows the number unread, lists newest first, marks one read and follows the event stream', async () => {
    const inbox = server([
      note('n-1', 'Klus opgepakt door Piet Bakker', '2026-11-27T07:10:00Z'),
      note('n-0', 'Offerte OFF-2026-0012 geaccepteerd door de klant', '2026-11-26T15:00:00Z', '2026-11-26T16:00:00Z'),
    ]);
    const mock = start('/admin/dashboard', 'admin', inbox);
    const bell = await screen.findByRole('button', { name: 'Meldingen, 1 ongelezen' });

    fireEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Meldingen' });
    const entries = within(panel).getAllByRole('listitem');
    expect(entries.map((e) => within(e).getByRole('link').textContent)).toEqual([
      'Ongelezen: Klus opgepakt door Piet Bakker',
      'Offerte OFF-2026-0012 geaccepteerd door de klant',
    ]);

    fireEvent.click(within(panel).getByRole('button', { name: 'Gelezen: Klus opgepakt door Piet Bakker' }));
    await screen.findByRole('button', { name: 'Meldingen, geen ongelezen', hidden: true });
    expect(mock.callsTo('/api/v1/notifications/n-1/read', 'POST')).toHaveLength(1);
    expect(within(panel).queryByRole('button', { name: /^Gelezen/ })).toBeNull();
    expect(document.activeElement).toBe(within(panel).getByRole('link', { name: 'Klus opgepakt door Piet Bakker' }));
    expect(within(panel).getByRole('button', { name: 'Alles gelezen' }).hasAttribute('disabled')).toBe(true);

    // A job enters the pool elsewhere: the stream says the inbox changed, the bell follows and a
    // screen reader hears it.
    inbox.add(note('n-2', 'Klus ingepland door Piet Bakker op 28-11-2026 om 09:00', '2026-11-27T07:30:00Z'));
    act(() => FakeEventSource.instances.forEach((s) => s.emit('notification')));
    await screen.findByRole('button', { name: 'Meldingen, 1 ongelezen', hidden: true });
    await waitFor(() =>
      expect(screen.getAllByRole('status', { hidden: true }).some((s) => s.textContent === 'Nieuwe melding: Klus ingepland door Piet Bakker op 28-11-2026 om 09:00')).toBe(true),
    );
    expect(within(panel).getAllByRole('link')[0]?.textContent).toBe('Ongelezen: Klus ingepland door Piet Bakker op 28-11-2026 om 09:00');

    fireEvent.click(within(panel).getByRole('button', { name: 'Alles gelezen' }));
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { name: 'Meldingen' }));
    await screen.findByRole('button', { name: 'Meldingen, geen ongelezen', hidden: true });
    expect(mock.callsTo('/api/v1/notifications/read-all', 'POST')).toHaveLength(1);
  }, 60_000);

  it("opens the notification's job and marks it read", async () => {
    const inbox = server([note('n-1', 'Klus opgepakt door Piet Bakker', '2026-11-27T07:10:00Z')]);
    const mock = start('/admin/dashboard', 'admin', inbox);
    fireEvent.click(await screen.findByRole('button', { name: 'Meldingen, 1 ongelezen' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Meldingen' })).getByRole('link', { name: /Klus opgepakt/ }));
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe(`/admin/klussen?klus=${KLUS}`));
    expect(mock.callsTo('/api/v1/notifications/n-1/read', 'POST')).toHaveLength(1);
    // The job opens in a drawer, which hides the page behind it from screen readers.
    expect(await screen.findByRole('button', { name: 'Meldingen, geen ongelezen', hidden: true })).toBeTruthy();
  }, 60_000);

  it("links a franchise owner's notification to its job page", () => {
    expect(jobPath('/franchise', false, KLUS)).toBe(`/franchise/klussen/${KLUS}`);
    expect(jobPath('/admin', false, KLUS)).toBe(`/admin/klussen/${KLUS}`);
    expect(jobPath('/admin', true, KLUS)).toBe(`/admin/klussen?klus=${KLUS}`);
  });
});
