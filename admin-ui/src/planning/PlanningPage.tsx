import { Alert, Box, Typography } from '@mui/material';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Title, useBasename } from 'react-admin';
import { useKlusEvents, type KlusEvent } from '@klusmaat/shared-ui/klusEvents';
import { visuallyHidden } from '../a11y/ScreenReaderText';
import { isAdmin, useMe } from '../auth/useMe';
import { weekTitel } from '@klusmaat/shared-ui/week';
import { useRegios } from '../regios/useRegios';
import { Board } from './Board';
import { usePageInUrl, usePagerCount } from './klussersPaging';
import { KlussersPager } from './KlussersPager';
import { HOW_TO_ID } from './layout';
import { useAssignFromBoard } from './useAssignFromBoard';
import { planningPath, usePlanning } from './usePlanning';
import { WeekChooser } from './WeekChooser';

/**
 * The planning board (D29), /admin/planning and /franchise/planning: one week, every klusser of the
 * shown regions as a row with its jobs per day, the week's surveys, and the open jobs beside it.
 * An admin assigns an open job by dragging it onto a klusser's row, or with its 'Toewijzen aan…'
 * menu (the keyboard and screen-reader path); franchise owners read. The week reloads when the
 * live stream says a job changed. The server pages the klussers (25 a page); the page is in the
 * URL (?pagina=) and goes back to the first when the week or the region changes.
 */
export default function PlanningPage() {
  const basename = useBasename();
  const me = useMe();
  const admin = basename === '/admin' && isAdmin(me);
  const { choices, naam: regioNaam } = useRegios();
  const [week, setWeek] = useState('');
  const [regio, setRegio] = useState('');
  const { page, goToPage } = usePageInUrl();
  const { week: data, failed, reload } = usePlanning(planningPath(week, regio, page));
  const pager = usePagerCount(data, goToPage);
  const openHeading = useRef<HTMLHeadingElement>(null);
  const { assign, message, busy } = useAssignFromBoard(openHeading);

  // Only the regions of a franchise owner; an admin sees all of them.
  const regions = useMemo(() => (me === null ? [] : isAdmin(me) ? choices : choices.filter((c) => me.regions.includes(c.id))), [me, choices]);

  // The stream coalesces a burst of events (COALESCE_MS) into one reload.
  const concerns = useCallback((e: KlusEvent) => regio === '' || e.regio === regio, [regio]);
  useKlusEvents(concerns, reload);

  const chooseWeek = (w: string) => {
    setWeek(w);
    pager.forget();
    goToPage(1);
  };
  const chooseRegion = (r: string) => {
    setRegio(r);
    pager.forget();
    goToPage(1);
  };

  // The Monday shown: the one asked for, or (this week) the server's once it answered.
  const monday = week !== '' ? week : data?.week;
  const jobHref = (id: string) =>
    basename === '/admin' ? `/admin/klussen?klus=${encodeURIComponent(id)}` : `${basename}/klussen/${encodeURIComponent(id)}`;

  return (
    <Box sx={{ py: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, minWidth: 0 }}>
      <Title title="Planning" />
      <Typography variant="h4" component="h1">
        Planning
      </Typography>

      <WeekChooser monday={monday} regio={regio} regions={regions} onWeek={chooseWeek} onRegion={chooseRegion} />

      <Box aria-live="polite">
        {monday !== undefined && (
          <Typography variant="h5" component="h2">
            {weekTitel(monday)}
          </Typography>
        )}
      </Box>

      {admin && (
        <Typography>
          Sleep een open klus naar de rij van een klusser om hem toe te wijzen, of gebruik de knop Toewijzen aan… bij de klus.
          {/* The rows' description (aria-describedby): hidden, so that it is not read twice here. */}
          <span id={HOW_TO_ID} hidden>
            Sleep een open klus hierheen om hem toe te wijzen, of gebruik de knop Toewijzen aan…
          </span>
        </Typography>
      )}

      <Box role="status" aria-live="polite" sx={message === '' ? visuallyHidden : { fontWeight: 700 }}>
        {message}
      </Box>

      {failed && <Alert severity="error">Kon de planning niet laden.</Alert>}
      {data === undefined && !failed && <Typography role="status">Planning wordt geladen…</Typography>}
      {data !== undefined && !pager.pastEnd && (
        <Board
          data={data}
          admin={admin}
          busy={busy}
          regioNaam={regioNaam}
          jobHref={jobHref}
          openHeading={openHeading}
          onAssign={(klus, klusser, byMenu) => void assign(klus, klusser, byMenu)}
        />
      )}
      {pager.count !== null && <KlussersPager page={page} perPage={pager.count.perPage} total={pager.count.total} onPage={goToPage} />}
    </Box>
  );
}
