import { Box, Button, Link, Typography } from '@mui/material';
import type { DragEvent, MouseEvent, RefObject } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { dagKort, dagLang } from '@klusmaat/shared-ui/week';
import { STATUS_COLOUR } from '../klussen/status';
import { ASSIGN_MENU_ID, assignButtonId } from './AssignMenu';
import { cardSx, Line } from './cards';
import { OPEN_WIDTH } from './layout';
import type { OpenKlus } from './usePlanning';

interface OpenJobsProps {
  pool: readonly OpenKlus[];
  /** The shown week's year: a date in another year says its year. */
  year: number;
  admin: boolean;
  busy: boolean;
  dragged: string | null;
  menuFor: string | null;
  heading: RefObject<HTMLHeadingElement | null>;
  jobHref: (id: string) => string;
  onDragStart: (klus: OpenKlus) => (e: DragEvent) => void;
  onDragEnd: () => void;
  onOpenMenu: (klus: OpenKlus, anchor: HTMLElement) => void;
}

/** The open jobs beside the week (below it on narrow screens): earliest first, for admins draggable. */
export function OpenJobs({ pool, year, admin, busy, dragged, menuFor, heading, jobHref, onDragStart, onDragEnd, onOpenMenu }: OpenJobsProps) {
  return (
    <Box component="section" aria-labelledby="open-klussen-titel" sx={{ flex: `1 1 ${OPEN_WIDTH}px`, minWidth: 0, display: 'grid', gap: 1 }}>
      <Typography id="open-klussen-titel" ref={heading} tabIndex={-1} variant="h5" component="h2" sx={{ '&:focus': { outline: 'none' } }}>
        Open klussen
      </Typography>
      {pool.length === 0 ? (
        <Typography>Geen open klussen.</Typography>
      ) : (
        // Beside the week one column; below it (narrower screens) as many columns as fit.
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1, gridTemplateColumns: `repeat(auto-fill, minmax(${OPEN_WIDTH}px, 1fr))` }}>
          {pool.map((klus) => (
            <Box component="li" key={klus.klus_id}>
              <OpenKlusCard
                klus={klus}
                href={jobHref(klus.klus_id)}
                year={year}
                admin={admin}
                busy={busy}
                dragged={dragged === klus.klus_id}
                menuOpen={menuFor === klus.klus_id}
                onDragStart={onDragStart(klus)}
                onDragEnd={onDragEnd}
                onAssign={(e) => onOpenMenu(klus, e.currentTarget)}
              />
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

interface OpenKlusCardProps {
  klus: OpenKlus;
  href: string;
  year: number;
  admin: boolean;
  busy: boolean;
  dragged: boolean;
  menuOpen: boolean;
  onDragStart: (e: DragEvent) => void;
  onDragEnd: () => void;
  onAssign: (e: MouseEvent<HTMLElement>) => void;
}

/** An open job: date, part of day, town, category and whether it is in the pool; for admins draggable, with 'Toewijzen aan…'. */
function OpenKlusCard({ klus, href, year, admin, busy, dragged, menuOpen, onDragStart, onDragEnd, onAssign }: OpenKlusCardProps) {
  const draggable = admin && !busy;
  return (
    <Box
      data-open-klus={klus.klus_id}
      draggable={draggable}
      onDragStart={draggable ? onDragStart : undefined}
      onDragEnd={draggable ? onDragEnd : undefined}
      sx={{
        display: 'grid',
        gap: 0.75,
        p: 0.75,
        border: 1,
        borderColor: 'divider',
        borderLeft: `4px solid ${STATUS_COLOUR.open}`,
        borderRadius: 1,
        bgcolor: 'background.paper',
        cursor: draggable ? 'grab' : undefined,
        opacity: dragged ? 0.6 : 1,
      }}
    >
      <Link component={RouterLink} to={href} draggable={admin ? false : undefined} sx={{ ...cardSx, border: 0, p: 0 }}>
        <Line bold>
          {dagKort(klus.datum, year)}, {klus.tijd}
        </Line>
        <Line>{klus.woonplaats}</Line>
        <Line>{klus.categorie}</Line>
        <Box component="span" sx={{ display: 'block', fontStyle: 'italic' }}>
          {klus.assignment_type === 'pool' ? 'In pool' : 'Nog niet uitgezet'}
        </Box>
      </Link>
      {admin && (
        <Button
          id={assignButtonId(klus)}
          variant="outlined"
          disabled={busy}
          aria-haspopup="menu"
          aria-expanded={menuOpen ? 'true' : undefined}
          aria-controls={menuOpen ? ASSIGN_MENU_ID : undefined}
          // The visible text first (WCAG 2.5.3), then which job: every open job has such a button.
          aria-label={`Toewijzen aan… (${klus.categorie}, ${klus.woonplaats}, ${dagLang(klus.datum)})`}
          onClick={onAssign}
          sx={{ px: 1 }}
        >
          Toewijzen aan…
        </Button>
      )}
    </Box>
  );
}
