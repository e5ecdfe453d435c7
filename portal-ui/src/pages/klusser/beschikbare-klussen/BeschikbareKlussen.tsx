import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Me } from '@klusmaat/shared-ui/auth/api';
import { showToast } from '@klusmaat/shared-ui/auth/toastStore';
import { klusserApi, type Klus } from '../api';
import { KlusserPage } from '../shared/KlusserPage';
import { LoadFailed, Loading, LoadMore } from '../shared/LoadState';
import { useKlusEvents } from '@klusmaat/shared-ui/klusEvents';
import { usePagedList } from '../shared/usePagedList';
import { KT } from '../texts';
import { KlusDetails } from './KlusDetails';
import { PoolCard } from './PoolCard';

export const poolCount = (n: number) => (n === 1 ? '1 beschikbare klus' : `${n} beschikbare klussen`);

/** The toast of a claim that did not go through: the server's words when it has them (409, 404). */
function claimFailure(result: Awaited<ReturnType<typeof klusserApi.claim>>): string {
  if (result.kind === 'failed' && result.status === 401) return KT.notSignedIn;
  if (result.kind === 'failed' && (result.status === 409 || result.status === 404)) return result.message ?? KT.claimFailed;
  return KT.claimFailed;
}

function Pool() {
  const navigate = useNavigate();
  const { list, reload, loadMore, remove } = usePagedList((page, signal) => klusserApi.pool(page, signal));
  const [open, setOpen] = useState<Klus | null>(null);
  const [claiming, setClaiming] = useState<string | null>(null);
  const countRef = useRef<HTMLParagraphElement>(null);
  const [focusCount, setFocusCount] = useState(false);

  const ids = new Set(list.state === 'ok' ? list.items.map((k) => k.id) : []);
  const idsRef = useRef(ids);
  idsRef.current = ids;
  // A job enters or leaves the pool (claimed: klusser_id set), or one on the screen changes.
  useKlusEvents((e) => e.assignment_type === 'pool' || idsRef.current.has(e.klus_id), reload);

  // A notification's link (?klus=…, D33) opens that job's details, or says it is gone.
  const [params, setParams] = useSearchParams();
  const asked = params.get('klus');
  useEffect(() => {
    if (asked === null || list.state !== 'ok') return;
    const klus = list.items.find((k) => k.id === asked);
    if (klus !== undefined) setOpen(klus);
    else showToast('Deze klus is niet meer beschikbaar.', 'info');
    setParams((p) => (p.delete('klus'), p), { replace: true });
  }, [asked, list, setParams]);

  useEffect(() => {
    if (!focusCount) return;
    setFocusCount(false);
    countRef.current?.focus();
  }, [focusCount]);

  const claim = async (klus: Klus) => {
    if (claiming !== null) return;
    setClaiming(klus.id);
    const result = await klusserApi.claim(klus.id);
    setClaiming(null);
    if (result.kind === 'ok') {
      showToast(`${KT.claimed} ${KT.claimedNext}`, 'success', { flow: 'claim' });
      navigate(`/klusser/plan-klus/${encodeURIComponent(klus.id)}`);
      return;
    }
    if (result.kind === 'failed' && result.code === 'already_yours') {
      // Claimed on the klusser's other phone (or tab): not lost, its own; on to it.
      showToast(result.message ?? KT.alreadyYours, 'info', { flow: 'claim' });
      navigate(`/klusser/plan-klus/${encodeURIComponent(klus.id)}`);
      return;
    }
    showToast(claimFailure(result), 'error', { flow: 'claim' });
    if (result.kind === 'failed' && (result.status === 409 || result.status === 404)) {
      // Gone from this klusser's pool: take it off the screen now, the refetch confirms the rest.
      setOpen(null);
      remove(klus.id);
      setFocusCount(true);
      reload();
    }
  };

  if (list.state === 'loading') return <Loading />;
  if (list.state === 'failed') return <LoadFailed message={KT.listFailed} onRetry={reload} />;

  return (
    <>
      <p className="klusser-count" role="status" ref={countRef} tabIndex={-1}>
        {poolCount(list.total)}
      </p>
      {list.items.length === 0 ? (
        <div className="klusser-empty">
          <p>{KT.poolEmpty}</p>
        </div>
      ) : (
        <ul className="klus-list">
          {list.items.map((klus) => (
            <PoolCard key={klus.id} klus={klus} claiming={claiming} onDetails={setOpen} onClaim={(k) => void claim(k)} />
          ))}
        </ul>
      )}
      <LoadMore list={list} onMore={loadMore} />
      {open !== null && (
        <KlusDetails klus={open} claiming={claiming === open.id} onClaim={(k) => void claim(k)} onClose={() => setOpen(null)} />
      )}
    </>
  );
}

function PoolScreen({ me }: { me: Me }) {
  return (
    <>
      <h1>{KT.poolTitle}</h1>
      {me.regions.length === 0 ? (
        // Section 2: a klusser without a region sees no pool at all.
        <div className="klusser-empty" role="status">
          <h2>{KT.noRegionTitle}</h2>
          <p>{KT.noRegionText}</p>
        </div>
      ) : (
        <Pool />
      )}
    </>
  );
}

/** /klusser/beschikbare-klussen: the pool of the klusser's regions, live (section 2, Available jobs). */
export default function BeschikbareKlussen() {
  return <KlusserPage title={KT.poolTitle}>{(me) => <PoolScreen me={me} />}</KlusserPage>;
}
