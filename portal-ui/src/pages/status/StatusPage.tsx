import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useConfig } from '@klusmaat/shared-ui/config';
import { usePageTitle } from '../../usePageTitle';
import NotFound from '../NotFound';
import { statusApi, type Status } from './statusApi';
import { StatusView } from './StatusView';
import '../../styles/forms.css';
import './status.css';

/** The page polls every 30 seconds while it is open (D24), and at once when it is seen again. */
export const POLL_MS = 30_000;

/** /status/:token — where a request stands, without an account (D24). */
export default function StatusPage() {
  const { token = '' } = useParams();
  const { brand } = useConfig();
  usePageTitle(`Stand van uw aanvraag – ${brand}`);
  const [state, setState] = useState<{ kind: 'loading' } | { kind: 'ok'; status: Status } | { kind: 'not-found' } | { kind: 'error'; message: string }>({ kind: 'loading' });

  const load = useCallback(async () => {
    const r = await statusApi.get(token);
    if (r.kind === 'ok') setState({ kind: 'ok', status: r.status });
    else if (r.kind === 'not-found') setState({ kind: 'not-found' });
    else {
      // Keep what is shown when a poll fails; say so only when there is nothing yet, in the
      // server's words when it gave some (too many requests from this address, say).
      const message =
        r.kind === 'failed' && r.message !== undefined ? r.message : 'De gegevens konden niet worden geladen. Controleer uw internetverbinding en probeer het opnieuw.';
      setState((prev) => (prev.kind === 'ok' ? prev : { kind: 'error', message }));
    }
  }, [token]);

  useEffect(() => {
    void load();
    const t = window.setInterval(() => void load(), POLL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void load();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(t);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [load]);

  if (state.kind === 'not-found') return <NotFound />;
  return (
    <section className="container status-page" aria-labelledby="status-title">
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
      <h1 id="status-title">Stand van uw aanvraag</h1>
      {state.kind === 'loading' && (
        <p role="status" className="status-note">
          Even geduld, wij halen de gegevens op…
        </p>
      )}
      {state.kind === 'error' && (
        <div role="alert" className="status-note">
          <p>{state.message}</p>
          <button type="button" className="button button-secondary" onClick={() => void load()}>
            Opnieuw proberen
          </button>
        </div>
      )}
      {state.kind === 'ok' && <StatusView token={token} s={state.status} onChange={(s) => setState({ kind: 'ok', status: s })} onReload={load} />}
    </section>
  );
}
