import { Box, Typography } from '@mui/material';
import type { DragEvent } from 'react';
import { visuallyHidden } from '../a11y/ScreenReaderText';
import { dagKort, weekTitel } from '@klusmaat/shared-ui/week';
import { CardStack, KlusCard, SchouwCard } from './cards';
import { DAY_MIN, DROP_TARGET, FOCUS_BLUE, HOW_TO_ID, KLUSSER_COL, TODAY_CELL, TODAY_HEAD } from './layout';
import type { KlusserRij, PlanningWeek } from './usePlanning';

interface DropHandlers {
  onDragOver: (e: DragEvent) => void;
  onDragLeave: (e: DragEvent) => void;
  onDrop: (e: DragEvent) => void;
}

interface WeekGridProps {
  data: PlanningWeek;
  /** The days shown: the whole week, or as many as fit (useDayWindow). */
  days: readonly string[];
  admin: boolean;
  /** The klusser row a job is dragged over. */
  over: string | null;
  dropTarget: (klusser: KlusserRij) => DropHandlers;
  regioNaam: (slug: string) => string;
  jobHref: (id: string) => string;
}

/**
 * The week as a table (D29): a row per klusser with its jobs per day, and the week's surveys.
 * Today's column is marked (aria-current). For an admin each klusser row takes a dragged open job.
 */
export function WeekGrid({ data, days, admin, over, dropTarget, regioNaam, jobHref }: WeekGridProps) {
  const title = weekTitel(data.week);
  const todayBg = (day: string) => (day === data.vandaag ? TODAY_CELL : undefined);
  return (
    <Box
      role="region"
      aria-label={`Weekrooster, ${title}`}
      tabIndex={0}
      sx={{
        minWidth: 0,
        maxWidth: '100%',
        overflowX: 'auto',
        // The positioning context of what is visually hidden inside: else it escapes the scroll box.
        position: 'relative',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
        '&:focus-visible': { outline: `3px solid ${FOCUS_BLUE}`, outlineOffset: 2 },
      }}
    >
      <Box
        component="table"
        sx={{
          borderCollapse: 'separate',
          borderSpacing: 0,
          tableLayout: 'fixed',
          width: '100%',
          minWidth: KLUSSER_COL + days.length * DAY_MIN,
          '& th, & td': { borderBottom: 1, borderColor: 'divider', px: 0.25, py: 0.5, verticalAlign: 'top', textAlign: 'left' },
        }}
      >
        <Box component="caption" sx={visuallyHidden}>
          Planning per klusser en dag, {title}
        </Box>
        <colgroup>
          <col style={{ width: KLUSSER_COL }} />
          {days.map((day) => (
            <col key={day} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <Box component="th" scope="col" sx={{ ...sticky, zIndex: 2, fontWeight: 700, fontSize: '1rem' }}>
              Klusser
            </Box>
            {days.map((day) => {
              const today = day === data.vandaag;
              return (
                <Box
                  component="th"
                  scope="col"
                  key={day}
                  aria-current={today ? 'date' : undefined}
                  sx={{ fontWeight: 700, fontSize: '1rem', bgcolor: today ? TODAY_HEAD : undefined, borderTop: today ? '4px solid #a84300' : undefined }}
                >
                  {dagKort(day)}
                  {today && (
                    <Box component="span" sx={{ display: 'block', fontWeight: 700 }}>
                      (vandaag)
                    </Box>
                  )}
                </Box>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {data.klussers.length === 0 && (
            <tr>
              <td colSpan={days.length + 1}>
                <Typography>Geen klussers in deze regio.</Typography>
              </td>
            </tr>
          )}
          {data.klussers.map((klusser) => {
            const active = over === klusser.id;
            return (
              <Box
                component="tr"
                key={klusser.id}
                data-klusser={klusser.id}
                aria-describedby={admin ? HOW_TO_ID : undefined}
                {...(admin ? dropTarget(klusser) : {})}
                // The row under a dragged job: tinted and framed by dashed lines (on the cells:
                // browsers draw no outline around a table row), and its header says so.
                sx={
                  active
                    ? { '& > th, & > td': { bgcolor: DROP_TARGET, borderTop: `3px dashed ${FOCUS_BLUE}`, borderBottom: `3px dashed ${FOCUS_BLUE}` } }
                    : undefined
                }
              >
                <Box component="th" scope="row" sx={sticky}>
                  <Typography component="span" sx={{ display: 'block', fontWeight: 700, fontSize: '1rem', lineHeight: 1.3 }}>
                    {klusser.naam}
                  </Typography>
                  <Typography component="span" sx={{ display: 'block', fontSize: '0.9375rem', lineHeight: 1.3 }}>
                    {klusser.regios.map(regioNaam).join(', ')}
                  </Typography>
                  {active && (
                    <Typography component="span" sx={{ display: 'block', fontWeight: 700, fontSize: '1rem', color: FOCUS_BLUE }}>
                      Loslaten om toe te wijzen
                    </Typography>
                  )}
                </Box>
                {days.map((day) => (
                  <Box component="td" key={day} sx={{ bgcolor: todayBg(day) }}>
                    <CardStack>
                      {klusser.items
                        .filter((i) => i.dag === day)
                        .map((item) => (
                          <KlusCard key={`${item.soort}-${item.klus_id}`} item={item} href={jobHref(item.klus_id)} />
                        ))}
                    </CardStack>
                  </Box>
                ))}
              </Box>
            );
          })}
          <tr>
            <Box component="th" scope="row" sx={{ ...sticky, ...surveysLine }}>
              <Typography component="span" sx={{ fontWeight: 700, fontSize: '1rem' }}>
                Schouwen
              </Typography>
            </Box>
            {days.map((day) => (
              <Box component="td" key={day} sx={{ ...surveysLine, bgcolor: todayBg(day) }}>
                <CardStack>
                  {data.schouwen
                    .filter((s) => s.dag === day)
                    .map((s) => (
                      <SchouwCard key={`schouw-${s.klus_id}`} item={s} href={jobHref(s.klus_id)} />
                    ))}
                </CardStack>
              </Box>
            ))}
          </tr>
        </tbody>
      </Box>
    </Box>
  );
}

/** The klusser column stays in view should the days still scroll sideways (a phone). */
const sticky = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper', borderRight: 1, borderRightColor: 'divider' } as const;
const surveysLine = { borderTop: '2px solid', borderTopColor: 'text.secondary' } as const;
