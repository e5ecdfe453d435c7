import { StatusCard } from './StatusCard';

/** 'Vragen?': the region's phone number to call; nothing when there is none. */
export function VragenCard({ telefoon }: { telefoon: string }) {
  const phone = telefoon.replace(/[^\d+]/g, '');
  if (phone === '') return null;
  return (
    <StatusCard id="status-vragen" title="Vragen?">
      <p>Bel ons gerust, wij helpen u graag.</p>
      <a className="button button-secondary button-large" href={`tel:${phone}`}>
        Bel {telefoon}
      </a>
    </StatusCard>
  );
}
