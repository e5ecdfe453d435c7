import { OfferteBesluitDialog } from './OfferteBesluitDialog';
import { OfferteRegels } from './OfferteRegels';
import { OfferteStand } from './OfferteStand';
import { StatusCard } from './StatusCard';
import type { Offerte, Status } from './statusApi';
import { useOfferteBesluit } from './useOfferteBesluit';
import { VastePrijs } from './VastePrijs';

interface OfferteCardProps {
  token: string;
  o: Offerte;
  /** The job's status (open, ingepland, bezig, afgerond): what follows an accepted quote. */
  klus: string;
  telefoon: string;
  onChange: (s: Status) => void;
  onReload: () => Promise<void>;
}

/** 'Uw offerte' (D26): the lines and the total, and 'Akkoord' or 'Niet akkoord' while it may be answered. */
export default function OfferteCard({ token, o, klus, telefoon, onChange, onReload }: OfferteCardProps) {
  const besluit = useOfferteBesluit(token, o, onChange, onReload);

  return (
    <StatusCard id="status-offerte" title="Uw offerte" className="status-offerte" headingRef={besluit.headingRef}>
      {besluit.problem !== null && (
        <div id="offerte-alert" ref={besluit.alertRef} className="form-alert" role="alert" tabIndex={-1}>
          <p>{besluit.problem}</p>
        </div>
      )}
      <p>
        Offerte <strong>{o.nummer}</strong>
        {o.versie > 1 && ` (versie ${o.versie})`}
      </p>
      <OfferteRegels o={o} />
      <VastePrijs o={o} />
      <div role="status">{besluit.thanks !== null && <p className="status-offerte-dank">{besluit.thanks}</p>}</div>
      {o.beslisbaar ? (
        <>
          <p>Gaat u akkoord? Dan plannen wij de klus en ziet u hier wie er komt, met naam en foto.</p>
          <div className="status-offerte-knoppen">
            <button type="button" className="button button-primary button-large" aria-haspopup="dialog" onClick={() => besluit.ask('akkoord')}>
              Akkoord
            </button>
            <button type="button" className="button button-secondary button-large" aria-haspopup="dialog" onClick={() => besluit.ask('niet_akkoord')}>
              Niet akkoord
            </button>
          </div>
        </>
      ) : (
        <OfferteStand o={o} klus={klus} telefoon={telefoon} />
      )}
      {besluit.asking !== null && (
        <OfferteBesluitDialog
          key={besluit.asking.besluit}
          asking={besluit.asking}
          reden={besluit.reden}
          redenField={besluit.redenField}
          onReden={besluit.changeReden}
          busy={besluit.busy}
          onSend={() => void besluit.send()}
          onClose={besluit.close}
        />
      )}
    </StatusCard>
  );
}
