import { Box } from '@mui/material';
import { useRef, useState, type RefObject } from 'react';
import { jaarVan } from '@klusmaat/shared-ui/week';
import { AssignMenu } from './AssignMenu';
import { DayPager } from './DayPager';
import { WEEK_BASIS } from './layout';
import { OpenJobs } from './OpenJobs';
import { useDayWindow } from './useDayWindow';
import { useDragToAssign } from './useDragToAssign';
import type { KlusserRij, OpenKlus, PlanningWeek } from './usePlanning';
import { WeekGrid } from './WeekGrid';

interface BoardProps {
  data: PlanningWeek;
  admin: boolean;
  busy: boolean;
  regioNaam: (slug: string) => string;
  jobHref: (id: string) => string;
  openHeading: RefObject<HTMLHeadingElement | null>;
  /** Assign klus to klusser; byMenu: chosen with the keyboard path, so the focus is kept near. */
  onAssign: (klus: OpenKlus, klusser: KlusserRij, byMenu: boolean) => void;
}

/**
 * The week (as many days as fit, today first when not all do) and, beside it (below it on narrow
 * screens), the open jobs; for an admin the jobs are dragged onto a klusser's row or assigned with
 * their 'Toewijzen aan…' menu.
 */
export function Board({ data, admin, busy, regioNaam, jobHref, openHeading, onAssign }: BoardProps) {
  const weekBox = useRef<HTMLDivElement>(null);
  const days = useDayWindow(data.dagen, data.vandaag, weekBox);
  const drag = useDragToAssign(data.pool, (klus, klusser) => onAssign(klus, klusser, false));
  const [menu, setMenu] = useState<{ klus: OpenKlus; anchor: HTMLElement } | null>(null);

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', minWidth: 0 }}>
      <Box ref={weekBox} sx={{ flex: `999 1 ${WEEK_BASIS}px`, minWidth: 0, maxWidth: '100%', display: 'grid', gap: 1 }}>
        {!days.all && (
          <DayPager shown={days.shown} canEarlier={days.canEarlier} canLater={days.canLater} onEarlier={days.earlier} onLater={days.later} />
        )}
        <WeekGrid data={data} days={days.shown} admin={admin} over={drag.over} dropTarget={drag.dropTarget} regioNaam={regioNaam} jobHref={jobHref} />
      </Box>

      <OpenJobs
        pool={data.pool}
        year={jaarVan(data.week)}
        admin={admin}
        busy={busy}
        dragged={drag.dragged}
        menuFor={menu?.klus.klus_id ?? null}
        heading={openHeading}
        jobHref={jobHref}
        onDragStart={drag.dragStart}
        onDragEnd={drag.dragEnd}
        onOpenMenu={(klus, anchor) => setMenu({ klus, anchor })}
      />

      {admin && (
        <AssignMenu
          open={menu}
          klussers={data.klussers}
          onClose={() => setMenu(null)}
          onChoose={(klus, klusser) => {
            setMenu(null);
            onAssign(klus, klusser, true);
          }}
        />
      )}
    </Box>
  );
}
