import { startTime } from '../klusser/format';
import { StatusCard } from './StatusCard';
import type { Status } from './statusApi';

/** 'Uw gratis schouw': when the surveyor comes and that it is free, or that the job was seen and a fixed price follows. */
export function SchouwCard({ schouw }: { schouw: NonNullable<Status['schouw']> }) {
  return (
    <StatusCard id="status-schouw" title="Uw gratis schouw">
      {schouw.uitgevoerd ? (
        <p>
          <strong>{schouw.opnemer}</strong> heeft de klus bij u bekeken. U krijgt van ons een vaste prijs voor de klus.
        </p>
      ) : (
        <>
          <p className="status-big">{startTime(schouw.start)}</p>
          <p>
            <strong>{schouw.opnemer}</strong> komt bij u langs om de klus te bekijken. Dit is gratis en vrijblijvend. Daarna
            krijgt u van ons een vaste prijs.
          </p>
        </>
      )}
    </StatusCard>
  );
}
