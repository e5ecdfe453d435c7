import { KT } from '../texts';

/** What a screen shows while its data loads (a polite status, so screen readers hear it). */
export function Loading() {
  return (
    <p className="klusser-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {KT.loading}
    </p>
  );
}

/** A load that failed: the message and a way to try again. */
export function LoadFailed({ message = KT.loadFailed, onRetry }: { message?: string; onRetry: () => void }) {
  return (
    <div className="klusser-notice klusser-notice-error" role="alert">
      <p>{message}</p>
      <button type="button" className="button button-secondary" onClick={onRetry}>
        {KT.retry}
      </button>
    </div>
  );
}
