import { useId, useState, type MouseEvent } from 'react';
import { euros } from '../format';
import { KlusFacts } from '../shared/KlusFacts';
import { LoadFailed, Loading } from '../shared/LoadState';
import { useLoad } from '../shared/useLoad';
import { KT } from '../texts';
import { VT } from './texts';
import { uitbetalingApi, type Uitbetaling } from './uitbetalingApi';
import { isUitbetalingStatus, statusUitleg, statusWoord } from './uitbetalingFormat';
import { maandTekst } from '@klusmaat/shared-ui/week';

/** The id of the bank account's section and of its IBAN field ('IBAN ontbreekt' leads there). */
export const BANK_SECTION_ID = 'bankrekening';
export const BANK_IBAN_ID = 'bankrekening-iban';

/** 'IBAN ontbreekt': the statements cannot be paid until the klusser gives an account. */
function IbanOntbreekt() {
  const goToForm = (event: MouseEvent<HTMLAnchorElement>) => {
    const field = document.getElementById(BANK_IBAN_ID);
    if (field === null) return; // the link's own jump
    event.preventDefault();
    field.scrollIntoView({ block: 'center' });
    field.focus({ preventScroll: true });
  };
  return (
    <div className="klusser-notice klusser-notice-warning uitbetaling-iban-ontbreekt">
      <p>
        <strong>{VT.ibanOntbreekt}.</strong> {VT.ibanOntbreektUitleg}
      </p>
      <a className="button button-secondary" href={`#${BANK_SECTION_ID}`} onClick={goToForm}>
        {VT.ibanInvullen}
      </a>
    </div>
  );
}

function UitbetalingCard({ u }: { u: Uitbetaling }) {
  const titleId = useId();
  const maand = maandTekst(u.maand);
  const uitleg = statusUitleg(u.status, u.status_tekst);
  const known = isUitbetalingStatus(u.status) ? u.status : 'onbekend';
  return (
    <li className={`klus-card uitbetaling-card uitbetaling-${known}`}>
      <article aria-labelledby={titleId}>
        <div className="klus-card-head">
          <h3 id={titleId}>{maand}</h3>
          <span className={`klus-badge uitbetaling-badge uitbetaling-badge-${known}`}>
            <span className="visually-hidden">{VT.status}: </span>
            {statusWoord(u.status, u.status_tekst)}
          </span>
        </div>
        <dl className="uitbetaling-totaal">
          <dt>{VT.totaal}</dt>
          <dd>{euros(u.totaal_cents)}</dd>
        </dl>
        <KlusFacts facts={[[VT.nummer, u.nummer], u.uitgever_naam !== '' && [VT.betaaldDoor, u.uitgever_naam]]} />
        {uitleg !== null && <p className="uitbetaling-uitleg">{uitleg}</p>}
        <a className="button button-secondary uitbetaling-pdf" href={u.pdf} download>
          {VT.bekijkPdf} <span className="visually-hidden">van {maand}</span>
        </a>
      </article>
    </li>
  );
}

interface More {
  items: Uitbetaling[];
  page: number;
  busy: boolean;
  failed: boolean;
}
const NO_MORE: More = { items: [], page: 1, busy: false, failed: false };

/** A statement that moved to a later page while paging (a new month came in) is shown once. */
function withoutRepeats(list: Uitbetaling[]): Uitbetaling[] {
  const seen = new Set<string>();
  return list.filter((u) => {
    if (seen.has(u.id)) return false;
    seen.add(u.id);
    return true;
  });
}

/**
 * The section 'Uitbetalingen' of 'Mijn Verdiensten' (D31): the klusser's statements, newest
 * first, each with its month, number, total, state in words and its PDF; more pages on request
 * (D25). `ibanOntbreekt` adds the hint that leads to the bank account's form.
 */
export function Uitbetalingen({ ibanOntbreekt }: { ibanOntbreekt: boolean }) {
  const [first, reload] = useLoad((signal) => uitbetalingApi.uitbetalingen(1, signal));
  const [more, setMore] = useState<More>(NO_MORE);

  const retry = () => {
    setMore(NO_MORE);
    reload();
  };
  const loadMore = async () => {
    if (more.busy) return;
    const page = more.page + 1;
    setMore((m) => ({ ...m, busy: true, failed: false }));
    const result = await uitbetalingApi.uitbetalingen(page);
    setMore((m) => (result.kind === 'ok' ? { items: [...m.items, ...result.body.data], page, busy: false, failed: false } : { ...m, busy: false, failed: true }));
  };

  let list = null;
  if (first.state === 'ok') {
    const items = withoutRepeats([...first.body.data, ...more.items]);
    list =
      items.length === 0 ? (
        <div className="klusser-empty">
          <p>{VT.geenUitbetalingen}</p>
          <p className="uitbetaling-leeg-uitleg">{VT.geenUitbetalingenUitleg}</p>
        </div>
      ) : (
        <>
          <ul className="klus-list uitbetaling-list">
            {items.map((u) => (
              <UitbetalingCard key={u.id} u={u} />
            ))}
          </ul>
          {items.length < first.body.total && (
            <div className="klusser-more">
              {more.failed && <p role="alert">{VT.meerFailed}</p>}
              <button type="button" className="button button-secondary" onClick={() => void loadMore()} aria-disabled={more.busy || undefined}>
                {more.busy ? KT.busy : VT.meerUitbetalingen}
              </button>
            </div>
          )}
        </>
      );
  }

  return (
    <section className="uitbetalingen" aria-labelledby="uitbetalingen-titel">
      <h2 id="uitbetalingen-titel">{VT.uitbetalingenTitle}</h2>
      <p className="uitbetalingen-intro">{VT.uitbetalingenIntro}</p>
      {ibanOntbreekt && <IbanOntbreekt />}
      {first.state === 'loading' && <Loading />}
      {first.state === 'failed' && <LoadFailed message={VT.uitbetalingenFailed} onRetry={retry} />}
      {list}
    </section>
  );
}
