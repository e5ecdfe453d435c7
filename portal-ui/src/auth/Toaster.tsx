import { useRef } from 'react';
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

/**
 * Renders the toasts of toastStore. Both live regions are always in the page, so that screen
 * readers pick up what is added: errors in role="alert", everything else in role="status". The
 * toasts stand at the bottom of the screen, or higher up where they cover no control
 * (toastPlacement).
 */
export function Toaster() {
  const { polite, urgent } = useToastRegions();
  const ref = useRef<HTMLDivElement>(null);
  const spot = useToastSpot(ref, [...polite, ...urgent].map((t) => t.id).join(','), MARGIN_PX);
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
