import { useId, useRef, useState } from 'react';
import { bellLabel, useInbox, type Notification } from './notifications';

/**
 * What the console's and the klusser portal's bells share (D33): the inbox, the panel open or
 * shut, the bell button's wiring (its name with the number unread, the panel it opens), and
 * opening a notification's job, which closes the panel and marks the notification read.
 */
export function useNotificationBell(navigate: (to: string) => void) {
  const inbox = useInbox();
  const bell = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const panelId = useId();

  const openJob = (n: Notification, to: string) => {
    setOpen(false);
    if (n.read_at === null) void inbox.markRead(n.id);
    navigate(to);
  };

  const bellProps = {
    ref: bell,
    'aria-label': bellLabel(inbox.unread),
    'aria-haspopup': 'dialog' as const,
    'aria-expanded': open,
    'aria-controls': open ? panelId : undefined,
    onClick: () => setOpen(true),
  };

  return { inbox, bell, bellProps, open, close: () => setOpen(false), panelId, openJob };
}

/**
 * A click on a notification's link that the bell handles itself (a plain left click: it closes the
 * panel and opens the job in the page); with a modifier key or another button the browser does
 * what it always does (a new tab or window).
 */
export function inPageClick(e: { metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; button: number; preventDefault: () => void }, go: () => void) {
  if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
  e.preventDefault();
  go();
}
