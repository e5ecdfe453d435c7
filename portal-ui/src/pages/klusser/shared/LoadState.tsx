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

/** 'Meer klussen laden' under a list that has more pages on the server (D25). */
interface LoadMoreProps {
  list: { items: unknown[]; total: number; loadingMore: boolean; moreFailed: boolean };
  onMore: () => void;
}

export function LoadMore({ list, onMore }: LoadMoreProps) {
  if (list.items.length >= list.total) return null;
  return (
    <div className="klusser-more">
      {list.moreFailed && <p role="alert">{KT.listFailed}</p>}
      <button
        type="button"
        className="button button-secondary"
        onClick={() => !list.loadingMore && onMore()}
        aria-disabled={list.loadingMore || undefined}
      >
        {list.loadingMore ? KT.busy : KT.moreJobs}
      </button>
    </div>
  );
}
