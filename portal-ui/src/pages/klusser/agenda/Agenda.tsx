import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { klusserApi, type AgendaTab, type Klus } from '../api';
import { KlusserPage } from '../shared/KlusserPage';
import { LoadFailed, Loading, LoadMore } from '../shared/LoadState';
import { useKlusEvents } from '@klusmaat/shared-ui/klusEvents';
import { usePagedList } from '../shared/usePagedList';
import { KT } from '../texts';
import { AgendaCard } from './AgendaCard';
import { NotePanel } from './NotePanel';
import { SupportCard } from './SupportCard';

export const TABS: readonly { key: AgendaTab; label: string; empty: string }[] = [
  { key: 'te-doen', label: KT.tabTeDoen, empty: KT.noOpenJobs },
  { key: 'afgerond', label: KT.tabAfgerond, empty: KT.noFinishedJobs },
  { key: 'alles', label: KT.tabAlles, empty: KT.noJobs },
];

const isTab = (value: string | null): value is AgendaTab => TABS.some((t) => t.key === value);

/**
 * Whether the klusser has any job at all, asked only when Te Doen is empty: a klusser without a
 * single job is pointed to the pool ('Je hebt nog geen geplande klussen'), one whose jobs are all
 * done reads 'Je hebt geen openstaande klussen'.
 */
function useHasAnyJob(ask: boolean): boolean | null {
  const [hasAny, setHasAny] = useState<boolean | null>(null);
  useEffect(() => {
    if (!ask) return;
    setHasAny(null);
    const controller = new AbortController();
    void klusserApi.agenda('alles', 1, controller.signal, 1).then((result) => {
      if (!controller.signal.aborted) setHasAny(result.kind !== 'ok' || result.body.total > 0);
    });
    return () => controller.abort();
  }, [ask]);
  return hasAny;
}

function Empty({ tab }: { tab: AgendaTab }) {
  const hasAny = useHasAnyJob(tab === 'te-doen');
  if (tab === 'te-doen' && hasAny === null) return <Loading />;
  const first = tab === 'te-doen' && hasAny === false;
  return (
    <div className="klusser-empty">
      <p>{first ? KT.noJobsAtAll : TABS.find((t) => t.key === tab)?.empty}</p>
      {(first || tab === 'alles') && (
        <Link to="/klusser/beschikbare-klussen" className="button button-primary">
          {KT.viewPool}
        </Link>
      )}
    </div>
  );
}

function TabPanel({ tab, klusserId }: { tab: AgendaTab; klusserId: string }) {
  const { list, reload, loadMore } = usePagedList((page, signal) => klusserApi.agenda(tab, page, signal), tab);
  const [note, setNote] = useState<Klus | null>(null);
  const idsRef = useRef(new Set<string>());
  idsRef.current = new Set(list.state === 'ok' ? list.items.map((k) => k.id) : []);
  // Own jobs change elsewhere too (an admin, the work order on another phone).
  useKlusEvents((e) => e.klusser_id === klusserId || idsRef.current.has(e.klus_id), reload);

  if (list.state === 'loading') return <Loading />;
  if (list.state === 'failed') return <LoadFailed message={KT.listFailed} onRetry={reload} />;
  if (list.items.length === 0) return <Empty tab={tab} />;
  return (
    <>
      <ul className="klus-list">
        {list.items.map((klus) => (
          <AgendaCard key={klus.id} klus={klus} onNote={setNote} />
        ))}
      </ul>
      <LoadMore list={list} onMore={loadMore} />
      {note !== null && <NotePanel title={note.categorie.label} note={note.notities ?? ''} onClose={() => setNote(null)} />}
    </>
  );
}

function AgendaScreen({ klusserId }: { klusserId: string }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: AgendaTab = isTab(requested) ? requested : 'te-doen';
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (next: AgendaTab, focus = false) => {
    setParams(next === 'te-doen' ? {} : { tab: next }, { replace: true });
    if (focus) tabRefs.current[TABS.findIndex((t) => t.key === next)]?.focus();
  };

  // WAI-ARIA tabs: the arrow keys, Home and End move between the tabs and show them.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = TABS.length - 1;
    const target =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (target === null) return;
    event.preventDefault();
    select(TABS[target]!.key, true);
  };

  return (
    <>
      <h1>{KT.agendaTitle}</h1>
      <div role="tablist" aria-label={KT.agendaTitle} className="klusser-tabs">
        {TABS.map((t, i) => (
          <button
            key={t.key}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`agenda-tab-${t.key}`}
            aria-selected={t.key === tab}
            aria-controls={t.key === tab ? `agenda-panel-${t.key}` : undefined}
            tabIndex={t.key === tab ? 0 : -1}
            className="klusser-tab"
            onClick={() => select(t.key)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`agenda-panel-${tab}`} aria-labelledby={`agenda-tab-${tab}`} className="klusser-tabpanel">
        <TabPanel key={tab} tab={tab} klusserId={klusserId} />
      </div>
      <SupportCard />
    </>
  );
}

/** /klusser/agenda: the klusser's own jobs by date, in three tabs (section 2, Agenda). */
export default function Agenda() {
  return <KlusserPage title={KT.agendaTitle}>{(me) => <AgendaScreen klusserId={me.id} />}</KlusserPage>;
}
