/**
 * The signed-in user's in-app notifications (D33: a bell with the number unread and a list newest
 * first that opens the job, 'mark as read' and 'all read', updated live), as both front ends use
 * them: the console's app bar (admin-ui/src/notifications) and the klusser portal's header
 * (portal-ui/src/pages/klusser/notifications). The server is services/notifications; the live part
 * is the 'notification' event of the event stream (services/platform/events), sent to a user's
 * open streams whenever its notifications change, also when they are read on another device.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ListItem } from './api/types';
import { apiFetch, defaultFetch, readJson, record, type FetchLike } from './auth/api';
import { listenForChanges } from './klusEvents';
import { addDays } from './week';

/** One notification (GET /api/v1/notifications). */
export type Notification = ListItem<'/api/v1/notifications'>;

export const INBOX_PATH = '/api/v1/notifications';

/** The event of the stream that says the user's notifications changed. */
export const INBOX_EVENT = 'notification';

export interface Inbox {
  state: 'loading' | 'ok' | 'failed';
  /** The newest notifications, newest first (the first page of the list, D25). */
  items: Notification[];
  /** How many of all the user's notifications are unread. */
  unread: number;
  /** How many there are in all (more than items when there are more than a page). */
  total: number;
  /** A sentence for screen readers when new notifications arrived while the page was open. */
  announcement: string;
}

export interface InboxActions {
  /** Marks one read; false when the server refused (the inbox is reloaded then). */
  markRead: (id: string) => Promise<boolean>;
  /** Marks all read; false when the server refused. */
  markAllRead: () => Promise<boolean>;
  reload: () => void;
}

/** The bell's accessible name: 'Meldingen, 3 ongelezen'. */
export function bellLabel(unread: number): string {
  return unread === 0 ? 'Meldingen, geen ongelezen' : `Meldingen, ${unread} ongelezen`;
}

/** The number on the bell: more than 99 does not fit the badge. */
export function badgeText(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}

// Dutch time with the browser's own Intl, not date-fns: this module is in every page of both
// apps, and the date library would weigh on the first load of each.
const DUTCH_TIME = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The Dutch day ('2026-11-24') and time ('09:30') of an instant. */
function dutchDayAndTime(instant: Date | string): { day: string; time: string } {
  const p: Record<string, string> = {};
  for (const part of DUTCH_TIME.formatToParts(new Date(instant))) p[part.type] = part.value;
  return { day: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}


/** When a notification came, in Dutch time: 'vandaag 08:15', 'gisteren 17:02' or '24-11-2026 09:30'. */
export function sentAt(iso: string, now: Date = new Date()): string {
  const { day, time } = dutchDayAndTime(iso);
  const today = dutchDayAndTime(now).day;
  if (day === today) return `vandaag ${time}`;
  if (day === addDays(today, -1)) return `gisteren ${time}`;
  const [y, m, d] = day.split('-');
  return `${d}-${m}-${y} ${time}`;
}

/** What a screen reader hears when notifications arrive. */
export function arrivalText(fresh: readonly Notification[]): string {
  if (fresh.length === 0) return '';
  if (fresh.length === 1) return `Nieuwe melding: ${fresh[0]?.message ?? ''}`;
  return `${fresh.length} nieuwe meldingen`;
}

function parseInbox(body: unknown): { items: Notification[]; unread: number; total: number } | null {
  const b = record(body);
  if (b === undefined || !Array.isArray(b['data'])) return null;
  const items = (b['data'] as unknown[]).filter((n): n is Notification => {
    const r = record(n);
    return r !== undefined && typeof r['id'] === 'string' && typeof r['message'] === 'string';
  });
  return {
    items,
    unread: typeof b['unread'] === 'number' ? b['unread'] : 0,
    total: typeof b['total'] === 'number' ? b['total'] : items.length,
  };
}

/**
 * The user's inbox, loaded once and reloaded whenever the event stream says it changed (once for
 * the events of one moment: a pool job notifies once per klusser, a read-all once; and after the
 * stream reconnects, when a change may have been missed). Without EventSource (tests, old
 * browsers) it shows what it loaded.
 */
export function useInbox(fetchFn: FetchLike = defaultFetch): Inbox & InboxActions {
  const [inbox, setInbox] = useState<Inbox>({ state: 'loading', items: [], unread: 0, total: 0, announcement: '' });
  const seen = useRef<Set<string> | null>(null);
  const generation = useRef(0);

  const load = useCallback(async () => {
    const mine = ++generation.current;
    let parsed: ReturnType<typeof parseInbox> = null;
    try {
      const response = await apiFetch(INBOX_PATH, {}, fetchFn);
      if (response.ok) parsed = parseInbox(await readJson(response));
    } catch {
      parsed = null;
    }
    if (mine !== generation.current) return; // a newer load is under way
    if (parsed === null) {
      setInbox((old) => ({ ...old, state: old.state === 'ok' ? 'ok' : 'failed' }));
      return;
    }
    const known = seen.current;
    const fresh = known === null ? [] : parsed.items.filter((n) => !known.has(n.id) && n.read_at === null);
    seen.current = new Set([...(known ?? []), ...parsed.items.map((n) => n.id)]);
    const { items, unread, total } = parsed;
    setInbox((old) => ({ state: 'ok', items, unread, total, announcement: fresh.length > 0 ? arrivalText(fresh) : old.announcement }));
  }, [fetchFn]);

  useEffect(() => {
    void load();
    const always = () => true;
    return listenForChanges({ [INBOX_EVENT]: always, reload: always }, () => void load());
  }, [load]);

  const markRead = useCallback(
    async (id: string) => {
      const now = new Date().toISOString();
      generation.current++; // an answer still under way is older than this change
      setInbox((old) => {
        const target = old.items.find((n) => n.id === id);
        if (target === undefined || target.read_at !== null) return old;
        return { ...old, unread: Math.max(0, old.unread - 1), items: old.items.map((n) => (n.id === id ? { ...n, read_at: now } : n)) };
      });
      const ok = await post(`${INBOX_PATH}/${encodeURIComponent(id)}/read`, fetchFn);
      if (!ok) void load();
      return ok;
    },
    [fetchFn, load],
  );

  const markAllRead = useCallback(async () => {
    const now = new Date().toISOString();
    generation.current++;
    setInbox((old) => ({ ...old, unread: 0, items: old.items.map((n) => (n.read_at === null ? { ...n, read_at: now } : n)) }));
    const ok = await post(`${INBOX_PATH}/read-all`, fetchFn);
    if (!ok) void load();
    return ok;
  }, [fetchFn, load]);

  const reload = useCallback(() => void load(), [load]);
  return { ...inbox, markRead, markAllRead, reload };
}

async function post(path: string, fetchFn: FetchLike): Promise<boolean> {
  try {
    return (await apiFetch(path, { method: 'POST' }, fetchFn)).ok;
  } catch {
    return false;
  }
}
