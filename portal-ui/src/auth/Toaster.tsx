import { useLayoutEffect, useRef, type RefObject } from 'react';
import './toast.css';
import { useToastSpot } from '@klusmaat/shared-ui/auth/toastPlacement';
import { dismissToast, useToastRegions, type Toast } from '@klusmaat/shared-ui/auth/toastStore';

function ToastItem({ toast }: { toast: Toast }) {
  return (
    <div className={`toast toast-${toast.kind}`} data-toast="">
      <p className="toast-message">{toast.message}</p>
      <button type="button" className="toast-close" onClick={() => dismissToast(toast.id)}>
        Sluiten<span className="visually-hidden">: {toast.message}</span>
      </button>
    </div>
  );
}

/** The toaster's distance to the screen's edge (1rem), for useToastSpot. */
const MARGIN_PX = 16;

/** A phone: the screen is too narrow for a toast beside the content (a klusser at 390 px). */
export const PHONE_QUERY = '(max-width: 600px)';

/** The class (on the root element) that gives the toasts their own room on a phone (toast.css). */
export const ROOM_CLASS = 'toast-room';

/**
 * On a phone a toast lies over content wherever it stands ('Timer hersteld' over the labour line,
 * 'Werkbon afgerond!' over the invoice lines). So there the toasts take their own room: while they
 * show, the page scrolls in the part of the screen above them (the body, --toast-room shorter than
 * the screen, keeps the reader's place), and the toasts stand below it, over nothing.
 */
function useOwnRoomOnPhone(ref: RefObject<HTMLElement | null>, key: string): void {
  useLayoutEffect(() => {
    const el = ref.current;
    if (el === null || typeof window.matchMedia !== 'function') return;
    const body = document.body;
    const root = document.documentElement;
    const has = root.classList.contains(ROOM_CLASS);
    if (key !== '' && window.matchMedia(PHONE_QUERY).matches) {
      root.style.setProperty('--toast-room', `${Math.ceil(el.getBoundingClientRect().height) + 2 * MARGIN_PX}px`);
      if (!has) {
        const y = window.scrollY;
        root.classList.add(ROOM_CLASS);
        body.scrollTop = y;
      }
    } else if (has) {
      const y = body.scrollTop;
      root.classList.remove(ROOM_CLASS);
      root.style.removeProperty('--toast-room');
      window.scrollTo(0, y);
    }
  }, [ref, key]);
}

/**
 * Renders the toasts of toastStore. Both live regions are always in the page, so that screen
 * readers pick up what is added: errors in role="alert", everything else in role="status". The
 * toasts stand at the bottom of the screen, or higher up where they cover no control
 * (toastPlacement); on a phone in a room of their own at the bottom, over no content.
 */
export function Toaster() {
  const { polite, urgent } = useToastRegions();
  const ref = useRef<HTMLDivElement>(null);
  const key = [...polite, ...urgent].map((t) => t.id).join(',');
  const spot = useToastSpot(ref, key, MARGIN_PX);
  useOwnRoomOnPhone(ref, key);
  return (
    <div ref={ref} className={`toaster toaster-${spot.edge}`} style={spot.edge === 'top' ? { top: spot.top } : undefined}>
      <div role="status" aria-live="polite" className="toast-region">
        {polite.map((t) => (
          <ToastItem key={t.id} toast={t} />
        ))}
      </div>
      <div role="alert" className="toast-region">
        {urgent.map((t) => (
          <ToastItem key={t.id} toast={t} />
        ))}
      </div>
    </div>
  );
}
