import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { fetchKlussers, type KlusserProfile } from '../../api/public';
import { Dialog } from '../../components/Dialog';
import { useConfig } from '@klusmaat/shared-ui/config';
import { usePageTitle } from '../../usePageTitle';
import { Carousel } from './Carousel';
import { carouselPhotos, formatHours, formatRating, MSG, shownSpecialisaties } from './logic';
import '../../styles/forms.css';
import './Klussers.css';

type State = { kind: 'loading' } | { kind: 'error' } | { kind: 'ok'; items: KlusserProfile[] };

function Photo({ url, name }: { url: string | null; name: string }) {
  if (url === null) {
    return (
      <div className="no-photo">
        <p>{MSG.noPhoto}</p>
      </div>
    );
  }
  return <img className="klusser-photo" src={url} alt={`Foto van ${name}`} width={400} height={300} loading="lazy" />;
}

function Specialisaties({ list }: { list: readonly string[] }) {
  const { shown, more } = shownSpecialisaties(list);
  if (shown.length === 0) return null;
  return (
    <ul className="chips" aria-label="Specialisaties">
      {shown.map((s) => (
        <li key={s} className="chip">
          {s}
        </li>
      ))}
      {more && (
        <li className="chip chip-more">
          <span aria-hidden="true">…</span>
          <span className="visually-hidden">en meer</span>
        </li>
      )}
    </ul>
  );
}

function Facts({ klusser }: { klusser: KlusserProfile }) {
  const rating = formatRating(klusser.gemiddelde_beoordeling);
  return (
    <dl className="klusser-facts">
      {rating !== null && (
        <div>
          <dt>Beoordeling</dt>
          <dd>
            <span aria-hidden="true">★ </span>
            {rating}
            <span className="visually-hidden"> van 5</span>
          </dd>
        </div>
      )}
      <div>
        <dt>Gewerkte uren</dt>
        <dd>{formatHours(klusser.totaal_uren)} uur</dd>
      </div>
    </dl>
  );
}

/**
 * The space the cards will take while they load (issue 44: on a phone the page jumped by a card's
 * height when they arrived): cards of the same shape (photo, name, town, two chips, two facts, the
 * button) with invisible text, so that the grid, the section below it and the footer stand where
 * the real cards leave them. Hidden from assistive technology; the live region says it loads.
 */
const PLACEHOLDER_CARDS = 3;
function PlaceholderGrid() {
  return (
    <ul className="klusser-grid klusser-grid-placeholder" aria-hidden="true">
      {Array.from({ length: PLACEHOLDER_CARDS }, (_, i) => (
        <li key={i} className="klusser-card-placeholder">
          <div className="no-photo" />
          <div className="klusser-body">
            <p className="klusser-name klusser-name-placeholder">Naam</p>
            <p className="klusser-town">Woonplaats</p>
            <ul className="chips">
              <li className="chip">Houtwerk</li>
              <li className="chip">Reparaties</li>
            </ul>
            <dl className="klusser-facts">
              <div>
                <dt>Beoordeling</dt>
                <dd>4,8</dd>
              </div>
              <div>
                <dt>Gewerkte uren</dt>
                <dd>100 uur</dd>
              </div>
            </dl>
            <span className="button button-secondary klusser-more">Bekijk profiel</span>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Handyman overview (/klussers): the active, visible klussers (spec section 2, D5). */
export default function Klussers() {
  const { brand } = useConfig();
  usePageTitle(`Onze klussers – ${brand}`);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [open, setOpen] = useState<KlusserProfile | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ kind: 'loading' });
    fetchKlussers(undefined, controller.signal)
      .then((items) => setState({ kind: 'ok', items }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ kind: 'error' });
      });
    return () => controller.abort();
  }, [attempt]);

  const close = useCallback(() => setOpen(null), []);

  let content;
  if (state.kind === 'loading') {
    content = (
      <>
        <p className="visually-hidden">{MSG.loading}</p>
        <PlaceholderGrid />
      </>
    );
  } else if (state.kind === 'error') {
    content = (
      <div className="form-alert" role="alert">
        <p>{MSG.loadFailed}</p>
        <button type="button" className="button button-primary" onClick={() => setAttempt((n) => n + 1)}>
          Opnieuw proberen
        </button>
      </div>
    );
  } else if (state.items.length === 0) {
    content = <p className="klussers-empty">{MSG.empty}</p>;
  } else {
    content = (
      <ul className="klusser-grid">
        {state.items.map((klusser) => (
          <li key={klusser.id} className="klusser-card">
            <Photo url={klusser.profiel_foto_url} name={klusser.naam} />
            <div className="klusser-body">
              <h2 className="klusser-name">{klusser.naam}</h2>
              {klusser.woonplaats !== '' && <p className="klusser-town">{klusser.woonplaats}</p>}
              <Specialisaties list={klusser.specialisaties} />
              <Facts klusser={klusser} />
              <button type="button" className="button button-secondary klusser-more" onClick={() => setOpen(klusser)}>
                Bekijk profiel<span className="visually-hidden"> van {klusser.naam}</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
    );
  }

  const photos = open === null ? [] : carouselPhotos(open.carousel_fotos);

  return (
    <div className="container klussers-page">
      <h1>Onze klussers</h1>
      <p className="lead">
        Maak kennis met de ervaren 65+ klussers van {brand}. Allemaal vakmensen met een geldige VOG, uit uw eigen buurt.
      </p>
      <div aria-live="polite" aria-busy={state.kind === 'loading'}>
        {content}
      </div>

      <section className="klussers-apply" aria-labelledby="zelf-klusser-titel">
        <h2 id="zelf-klusser-titel">Bent u zelf 65+ en handig?</h2>
        <p>Help mensen in uw buurt met kleine klussen en verdien € 35 per uur, all-in.</p>
        <Link to="/word-klusser" className="button button-primary">
          Word klusser
        </Link>
      </section>

      {open !== null && (
        <Dialog title={open.naam} onClose={close} className="klusser-dialog">
          {photos.length > 0 ? <Carousel photos={photos} name={open.naam} /> : <Photo url={open.profiel_foto_url} name={open.naam} />}
          {open.woonplaats !== '' && <p className="klusser-town">{open.woonplaats}</p>}
          {open.specialisaties.length > 0 && (
            <ul className="chips" aria-label="Specialisaties">
              {open.specialisaties.map((s) => (
                <li key={s} className="chip">
                  {s}
                </li>
              ))}
            </ul>
          )}
          <Facts klusser={open} />
          {open.gepensioneerd_sinds !== null && <p>Met pensioen sinds {open.gepensioneerd_sinds}.</p>}
          {open.intro_tekst !== '' && <p className="klusser-intro">{open.intro_tekst}</p>}
          <div className="dialog-actions">
            <Link to="/aanvraag" className="button button-accent">
              Boek deze klusser
            </Link>
            <button type="button" className="button button-secondary" onClick={close}>
              Sluiten
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
