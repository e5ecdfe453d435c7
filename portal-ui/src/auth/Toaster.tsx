import './toast.css';
import { dismissToast, useToastRegions, type Toast } from './toastStore';

function ToastItem({ toast }: { toast: Toast }) {
  return (
    <div className={`toast toast-${toast.kind}`}>
      <p className="toast-message">{toast.message}</p>
      <button type="button" className="toast-close" onClick={() => dismissToast(toast.id)}>
        Sluiten<span className="visually-hidden">: {toast.message}</span>
      </button>
    </div>
  );
}

/**
 * Renders the toasts of toastStore. Both live regions are always in the page, so that screen
 * readers pick up what is added: errors in role="alert", everything else in role="status".
 */
export function Toaster() {
  const { polite, urgent } = useToastRegions();
  return (
    <div className="toaster">
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
