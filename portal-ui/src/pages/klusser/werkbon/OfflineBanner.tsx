import { WT } from './texts';

/** A calm line about the connection and the changes that wait (D23); read out politely. */
export function OfflineBanner({ online, waiting, sending }: { online: boolean; waiting: number; sending: boolean }) {
  let text: string | null = null;
  if (!online) text = WT.offline(waiting);
  else if (waiting > 0 && sending) text = WT.sending(waiting);
  // Online, yet changes wait: the server did not answer (a gateway, a restart), not the phone.
  else if (waiting > 0) text = WT.serverAway(waiting);
  return (
    <div className={text === null ? 'offline-banner offline-banner-empty' : 'offline-banner'} role="status" aria-live="polite">
      {text}
    </div>
  );
}
