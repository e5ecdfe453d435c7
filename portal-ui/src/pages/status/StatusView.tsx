import { AanvraagCard } from './AanvraagCard';
import { AfspraakCard } from './AfspraakCard';
import { CancelRequest } from './CancelRequest';
import FactuurCard from './FactuurCard';
import OfferteCard from './OfferteCard';
import { Progress } from './Progress';
import { SchouwCard } from './SchouwCard';
import type { Status } from './statusApi';
import { VragenCard } from './VragenCard';

interface StatusViewProps {
  token: string;
  s: Status;
  onChange: (s: Status) => void;
  onReload: () => Promise<void>;
}

/** Where the request stands and its cards, in the order the customer reads them (D24). */
export function StatusView({ token, s, onChange, onReload }: StatusViewProps) {
  return (
    <>
      <p className="status-stand" role="status">
        <span className="visually-hidden">Stand: </span>
        {s.stand}
      </p>
      {s.status === 'geannuleerd' ? <p className="status-note">U heeft deze aanvraag geannuleerd. Wilt u toch hulp? Doe gerust een nieuwe aanvraag.</p> : <Progress stand={s.stand} />}

      <AfspraakCard s={s} />

      {s.schouw !== null && s.schouw !== undefined && s.status !== 'afgerond' && <SchouwCard schouw={s.schouw} />}

      {s.offerte !== null && s.offerte !== undefined && s.status !== 'geannuleerd' && (
        <OfferteCard token={token} o={s.offerte} klus={s.status} telefoon={s.support_telefoon} onChange={onChange} onReload={onReload} />
      )}

      {((s.factuur ?? null) !== null || s.factuur_pdf !== '') && <FactuurCard f={s.factuur ?? null} pdf={s.factuur_pdf} />}

      <AanvraagCard s={s} />

      <VragenCard telefoon={s.support_telefoon} />

      <CancelRequest token={token} annuleerbaar={s.annuleerbaar} onChange={onChange} />
    </>
  );
}
