import { useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { badgeText, sentAt, type Notification } from '@klusmaat/shared-ui/notifications';
import { inPageClick, useNotificationBell } from '@klusmaat/shared-ui/notificationBell';
import { Dialog } from '../../../components/Dialog';
import './notifications.css';

/**
 * Where a notification's job opens for the klusser: a job that entered the pool opens in the pool
 * with its details; a reminder of an appointment opens its work order; an assigned job (and any
 * other of its own) opens where it is planned.
 */
export function jobPath(n: Pick<Notification, 'type' | 'klus_id'>): string | null {
  if (!n.klus_id) return null;
  const id = encodeURIComponent(n.klus_id);
  if (n.type === 'nieuwe_klus') return `/klusser/beschikbare-klussen?klus=${id}`;
  if (n.type === 'herinnering') return `/klusser/werkbon/${id}`;
  return `/klusser/plan-klus/${id}`;
}

function BellIcon() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="28" height="28">
      <path
        fill="currentColor"
        d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
      />
    </svg>
  );
}

/**
 * The klusser's notifications in the portal's header (D33): a bell with the number unread
 * ('Meldingen, 3 ongelezen'); it opens the list newest first, where each notification opens its
 * job and can be marked read, with 'Alles gelezen' for all. It follows the event stream, and a
 * screen reader hears new notifications as they arrive.
 */
export function NotificationBell() {
  const { inbox, bell, bellProps, open, close, panelId, openJob } = useNotificationBell(useNavigate());

  return (
    <>
      <button {...bellProps} type="button" className="notification-bell">
        <BellIcon />
        {inbox.unread > 0 && (
          <span className="notification-badge" aria-hidden="true">
            {badgeText(inbox.unread)}
          </span>
        )}
      </button>
      {/* Always in the page, so that a screen reader hears notifications that arrive. */}
      <span className="visually-hidden" role="status" aria-live="polite">
        {inbox.announcement}
      </span>
      {open && (
        <Dialog title="Meldingen" onClose={close} id={panelId} className="notification-panel" returnFocusTo={bell}>
          <div className="notification-actions">
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                void inbox.markAllRead();
                // The button turns itself off: focus goes to the dialog's title rather than nowhere.
                document.getElementById(panelId)?.querySelector<HTMLElement>('.dialog-title')?.focus();
              }}
              disabled={inbox.unread === 0}
            >
              Alles gelezen
            </button>
            <button type="button" className="button button-secondary" onClick={close}>
              Sluiten
            </button>
          </div>
          {inbox.state === 'loading' && <p>Meldingen worden geladen…</p>}
          {inbox.state === 'failed' && (
            <div className="klusser-notice">
              <p role="alert">De meldingen konden niet worden geladen.</p>
              <button type="button" className="button button-secondary" onClick={inbox.reload}>
                Opnieuw proberen
              </button>
            </div>
          )}
          {inbox.state === 'ok' && inbox.items.length === 0 && <p>Je hebt nog geen meldingen.</p>}
          {inbox.state === 'ok' && inbox.items.length > 0 && (
            <ul className="notification-list" aria-label="Meldingen, nieuwste eerst">
              {inbox.items.map((n) => (
                <Entry key={n.id} n={n} onOpen={openJob} onRead={(id) => void inbox.markRead(id)} />
              ))}
            </ul>
          )}
          {inbox.state === 'ok' && inbox.total > inbox.items.length && (
            <p className="notification-more">
              De nieuwste {inbox.items.length} van {inbox.total} meldingen.
            </p>
          )}
        </Dialog>
      )}
    </>
  );
}

interface EntryProps {
  n: Notification;
  onOpen: (n: Notification, to: string) => void;
  onRead: (id: string) => void;
}

/** One notification: its text (a link to the job), when it came, and 'Gelezen' while unread. */
function Entry({ n, onOpen, onRead }: EntryProps) {
  const unread = n.read_at === null;
  const link = useRef<HTMLAnchorElement>(null);
  const to = jobPath(n);
  const text = (
    <>
      {unread && <span className="visually-hidden">Ongelezen: </span>}
      {n.message}
    </>
  );
  return (
    <li className={unread ? 'notification notification-unread' : 'notification'}>
      <span className="notification-dot" aria-hidden="true" />
      <div className="notification-body">
        {to === null ? (
          <p className="notification-text">{text}</p>
        ) : (
          <Link
            ref={link}
            className="notification-text"
            to={to}
            onClick={(e) => inPageClick(e, () => onOpen(n, to))}
          >
            {text}
          </Link>
        )}
        <p className="notification-time">{sentAt(n.created_at)}</p>
        {unread && (
          <button type="button" className="button button-secondary notification-read" onClick={() => {
              onRead(n.id);
              link.current?.focus(); // the button goes; focus stays on this notification
            }}
            aria-label={`Gelezen: ${n.message}`}>
            Gelezen
          </button>
        )}
      </div>
    </li>
  );
}
