import { Dialog } from '../../../components/Dialog';
import { klusserApi, type Klus } from '../api';
import { customerPays, earningsRule, fullAddress, hours, longDay, rate, slotLabel, wholeEuros } from '../format';
import { CustomerLinks } from '../shared/CustomerLinks';
import { KlusFacts } from '../shared/KlusFacts';
import { LoadFailed, Loading } from '../shared/LoadState';
import { useLoad } from '../shared/useLoad';
import { KT } from '../texts';

interface KlusDetailsProps {
  /** The job from the list; the dialog loads the detail with the customer's contact data. */
  klus: Klus;
  claiming: boolean;
  onClaim: (klus: Klus) => void;
  onClose: () => void;
}

/**
 * The details dialog of a pool job (section 2): customer name or e-mail ('Niet beschikbaar'
 * without either), address, phone and e-mail links, category, description, long date, time,
 * duration, rate, estimated earnings (or, with an accepted quote, the fixed price: D26) and
 * notes, with 'Pak deze klus'.
 */
export function KlusDetails({ klus, claiming, onClaim, onClose }: KlusDetailsProps) {
  const [detail, reload] = useLoad((signal) => klusserApi.klus(klus.id, signal), klus.id);
  const shown = detail.state === 'ok' ? detail.body : klus;
  const notFound = detail.state === 'failed' && detail.result.kind === 'failed' && detail.result.status === 404;
  const fixed = shown.vaste_prijs_cents;

  return (
    <Dialog title={klus.categorie.label} onClose={onClose} className="klus-dialog">
      {detail.state === 'loading' && <Loading />}
      {detail.state === 'failed' && (
        <LoadFailed message={notFound ? KT.notFound : KT.loadJobFailed} onRetry={reload} />
      )}
      {detail.state === 'ok' && (
        <>
          <h3 className="klus-dialog-section">Klant</h3>
          <CustomerLinks klant={shown.klant} />
        </>
      )}
      <h3 className="klus-dialog-section">De klus</h3>
      <KlusFacts
        facts={[
          ['Adres', fullAddress(shown)],
          ['Categorie', shown.categorie.label],
          ['Omschrijving', shown.beschrijving],
          ['Datum', longDay(shown.datum)],
          ['Tijd', slotLabel(shown.tijd)],
          fixed !== null && [KT.customerPays, customerPays(fixed)],
          fixed !== null && [KT.yourEarnings, earningsRule(shown.verdienste_per_uur_cents)],
          fixed === null && ['Duur', hours(shown.geschatte_duur)],
          fixed === null && ['Tarief', `€${rate(shown.geschat_tarief_cents)} per uur`],
          fixed === null && ['Geschatte verdienste', wholeEuros(shown.geschatte_verdienste_euros)],
          shown.notities !== null && shown.notities.trim() !== '' && [KT.notes, <span className="klus-notes">{shown.notities}</span>],
        ]}
      />
      <div className="dialog-actions">
        {!notFound && (
          <button
            type="button"
            className="button button-primary"
            onClick={() => onClaim(shown)}
            aria-disabled={claiming || undefined}
          >
            {claiming ? KT.busy : KT.claim}
          </button>
        )}
        <button type="button" className="button button-secondary" onClick={onClose}>
          {KT.close}
        </button>
      </div>
    </Dialog>
  );
}
