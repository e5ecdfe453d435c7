import { startTime } from '../klusser/format';
import { KlusserInfo } from './KlusserInfo';
import { StatusCard } from './StatusCard';
import type { Status } from './statusApi';

/**
 * When and who (D24): 'Uw afspraak' while the job is to come or under way (the day and time, or
 * that the klusser agrees them, and who comes), 'Uw klusser' once it is done; nothing before
 * either is known or after a cancellation.
 */
export function AfspraakCard({ s }: { s: Status }) {
  const klusser = s.klusser ?? null;
  if (s.status === 'geannuleerd') return null;
  if (s.status === 'afgerond') {
    if (klusser === null) return null;
    return (
      <StatusCard id="status-klusser" title="Uw klusser">
        <KlusserInfo k={klusser} status={s.status} />
      </StatusCard>
    );
  }
  const hasAfspraak = s.gepland_op !== null && s.gepland_op !== undefined;
  if (!hasAfspraak && klusser === null) return null;
  return (
    <StatusCard id="status-afspraak" title="Uw afspraak">
      {hasAfspraak ? <p className="status-big">{startTime(s.gepland_op as string)}</p> : <p>De klusser spreekt de dag en de tijd met u af.</p>}
      {klusser !== null && <KlusserInfo k={klusser} status={s.status} />}
    </StatusCard>
  );
}
