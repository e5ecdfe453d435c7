import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import TodayIcon from '@mui/icons-material/Today';
import { Alert, Box, Button, Chip, Link, Menu, MenuItem, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent, type MouseEvent } from 'react';
import { Title, useBasename } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useKlusEvents, type KlusEvent } from '@klusmaat/shared-ui/klusEvents';
import { ScreenReaderText, visuallyHidden } from '../a11y/ScreenReaderText';
import { isAdmin, useMe } from '../auth/useMe';
import { useAction } from '../api/useAction';
import { toewijzen } from '../klussen/assign';
import { isStatus, STATUS_COLOUR, STATUS_LABEL } from '../klussen/status';
import { useRegios } from '../regios/useRegios';
import { KlussersPager } from './KlussersPager';
import { paginaUit, planningPath, usePlanning, type KlusserRij, type OpenKlus, type PlanningItem, type PlanningWeek } from './usePlanning';
import { addDays, dagKort, dagLang, jaarVan, weekTitel } from '../fields/week';

/** The drag data of an open job: its id. text/plain as well, for browsers that only carry that. */
const DRAG_TYPE = 'application/x-klusmaat-klus';
const UITLEG_ID = 'planning-sleep-uitleg';

// At 1280 px the open jobs stand beside the week (260 px) and the week scrolls sideways inside its
// box, the klusser column staying in place. A day is 164 px: its cards hold the category's longest
// words ('Onderhoud', 'Ophangwerk') and the status 'Ingepland' at 18 px whole; at 112 px they broke.
const KLUSSER_COL = 150;
const DAG_COL = 164;
const WEEK_BASIS = 640;
const OPEN_BREEDTE = 260;
const VANDAAG_KOP = '#fff1cc';
const VANDAAG_CEL = '#fffaeb';
const SLEEP_DOEL = '#e3edfb';

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
  const assign = useAction('assignKlus');
  const beheer = basename === '/admin' && isAdmin(me);
  const { choices, naam: regioNaam } = useRegios();
  const [week, setWeek] = useState('');
  const [regio, setRegio] = useState('');
  const [params, setParams] = useSearchParams();
  const pagina = paginaUit(params.get('pagina'));
  const { week: data, failed, reload } = usePlanning(planningPath(week, regio, pagina));
  const [melding, setMelding] = useState('');
  const [bezig, setBezig] = useState<string | null>(null);
  const openKop = useRef<HTMLHeadingElement>(null);

  // Only the regions of a franchise owner; an admin sees all of them.
  const regioKeuzes = useMemo(
    () => (me === null ? [] : isAdmin(me) ? choices : choices.filter((c) => me.regions.includes(c.id))),
    [me, choices],
  );

  // The stream coalesces a burst of events (COALESCE_MS) into one reload.
  const betreft = useCallback((e: KlusEvent) => regio === '' || e.regio === regio, [regio]);
  useKlusEvents(betreft, reload);

  const naarPagina = useCallback(
    (n: number, replace = false) =>
      setParams(
        (p) => {
          const q = new URLSearchParams(p);
          if (n > 1) q.set('pagina', String(n));
          else q.delete('pagina');
          return q;
        },
        { replace },
      ),
    [setParams],
  );
  // The pager keeps the last answer's count while the next page loads, so that it (and the
  // keyboard focus on its buttons) stays in place; a new week or region starts without one.
  const [telling, setTelling] = useState<{ totaal: number; perPagina: number } | null>(null);
  if (data !== undefined && (telling?.totaal !== data.totaal || telling.perPagina !== data.per_pagina)) {
    setTelling({ totaal: data.totaal, perPagina: data.per_pagina });
  }
  const kiesWeek = (w: string) => {
    setWeek(w);
    setTelling(null);
    naarPagina(1);
  };
  const kiesRegio = (r: string) => {
    setRegio(r);
    setTelling(null);
    naarPagina(1);
  };
  // A page past the end (fewer klussers since the link was made) answers no rows: go to the last.
  const laatste = data === undefined ? 1 : Math.max(1, Math.ceil(data.totaal / data.per_pagina));
  const voorbijEinde = data !== undefined && data.klussers.length === 0 && data.pagina > laatste;
  useEffect(() => {
    if (voorbijEinde) naarPagina(laatste, true);
  }, [voorbijEinde, laatste, naarPagina]);

  // The Monday shown: the one asked for, or (this week) the server's once it answered.
  const maandag = week !== '' ? week : data?.week;
  const jobHref = (id: string) =>
    basename === '/admin' ? `/admin/klussen?klus=${encodeURIComponent(id)}` : `${basename}/klussen/${encodeURIComponent(id)}`;

  const wijsToe = async (klus: OpenKlus, klusser: KlusserRij, focusNaAfloop: boolean) => {
    if (bezig !== null) return;
    setBezig(klus.klus_id);
    setMelding('');
    try {
      const gelukt = await toewijzen(assign.run, klus.klus_id, klusser.id);
      if (gelukt !== null) {
        setMelding(`Klus toegewezen aan ${klusser.naam}`);
        // The job leaves the open list: keep the keyboard user's place near it.
        if (focusNaAfloop) openKop.current?.focus();
        // The board is read again by the action's invalidation (klussen/actions.ts).
      }
    } finally {
      setBezig(null);
    }
  };

  return (
    <Box sx={{ py: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, minWidth: 0 }}>
      <Title title="Planning" />
      <Typography variant="h4" component="h1">
        Planning
      </Typography>

      <Box role="group" aria-label="Week en regio kiezen" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <Button
          variant="outlined"
          size="large"
          startIcon={<ChevronLeftIcon />}
          disabled={maandag === undefined}
          onClick={() => maandag !== undefined && kiesWeek(addDays(maandag, -7))}
        >
          Vorige week
        </Button>
        <Button variant="outlined" size="large" startIcon={<TodayIcon />} onClick={() => kiesWeek('')}>
          Deze week
        </Button>
        <Button
          variant="outlined"
          size="large"
          endIcon={<ChevronRightIcon />}
          disabled={maandag === undefined}
          onClick={() => maandag !== undefined && kiesWeek(addDays(maandag, 7))}
        >
          Volgende week
        </Button>
        <TextField
          select
          label="Regio"
          value={regio}
          onChange={(e) => kiesRegio(e.target.value)}
          fullWidth={false}
          margin="none"
          sx={{ minWidth: 240 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">Alle regio&apos;s</MenuItem>
          {regioKeuzes.map((r) => (
            <MenuItem key={r.id} value={r.id}>
              {r.name}
            </MenuItem>
          ))}
        </TextField>
      </Box>

      <Box aria-live="polite">
        {maandag !== undefined && (
          <Typography variant="h5" component="h2">
            {weekTitel(maandag)}
          </Typography>
        )}
      </Box>

      {beheer && (
        <Typography>
          Sleep een open klus naar de rij van een klusser om hem toe te wijzen, of gebruik de knop Toewijzen aan… bij de klus.
          {/* The rows' description (aria-describedby): hidden, so that it is not read twice here. */}
          <span id={UITLEG_ID} hidden>
            Sleep een open klus hierheen om hem toe te wijzen, of gebruik de knop Toewijzen aan…
          </span>
        </Typography>
      )}

      <Box role="status" aria-live="polite" sx={melding === '' ? visuallyHidden : { fontWeight: 700 }}>
        {melding}
      </Box>

      {failed && <Alert severity="error">Kon de planning niet laden.</Alert>}
      {data === undefined && !failed && <Typography role="status">Planning wordt geladen…</Typography>}
      {data !== undefined && !voorbijEinde && (
        <Bord
          data={data}
          beheer={beheer}
          bezig={bezig}
          regioNaam={regioNaam}
          jobHref={jobHref}
          openKop={openKop}
          onToewijzen={(klus, klusser, viaMenu) => void wijsToe(klus, klusser, viaMenu)}
        />
      )}
      {telling !== null && (
        <KlussersPager pagina={pagina} perPagina={telling.perPagina} totaal={telling.totaal} onPagina={naarPagina} />
      )}
    </Box>
  );
}

interface BordProps {
  data: PlanningWeek;
  beheer: boolean;
  bezig: string | null;
  regioNaam: (slug: string) => string;
  jobHref: (id: string) => string;
  openKop: React.RefObject<HTMLHeadingElement | null>;
  onToewijzen: (klus: OpenKlus, klusser: KlusserRij, viaMenu: boolean) => void;
}

/** The week table and, beside it (below it on narrow screens), the open jobs. */
function Bord({ data, beheer, bezig, regioNaam, jobHref, openKop, onToewijzen }: BordProps) {
  const [gesleept, setGesleept] = useState<string | null>(null);
  const [boven, setBoven] = useState<string | null>(null);
  const [menu, setMenu] = useState<{ klus: OpenKlus; anker: HTMLElement } | null>(null);
  const titel = weekTitel(data.week);

  const sleepStart = (klus: OpenKlus) => (e: DragEvent) => {
    e.dataTransfer.setData(DRAG_TYPE, klus.klus_id);
    e.dataTransfer.setData('text/plain', klus.klus_id);
    e.dataTransfer.effectAllowed = 'move';
    setGesleept(klus.klus_id);
  };
  const sleepEinde = () => {
    setGesleept(null);
    setBoven(null);
  };
  const isKlus = (e: DragEvent) => gesleept !== null || Array.from(e.dataTransfer?.types ?? []).includes(DRAG_TYPE);
  const doel = (klusser: KlusserRij) => ({
    onDragOver: (e: DragEvent) => {
      if (!isKlus(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'move';
      if (boven !== klusser.id) setBoven(klusser.id);
    },
    onDragLeave: (e: DragEvent) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setBoven((b) => (b === klusser.id ? null : b));
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      const id = e.dataTransfer?.getData(DRAG_TYPE) || e.dataTransfer?.getData('text/plain') || gesleept;
      sleepEinde();
      // Only an open job of this board: not a text or link dragged from elsewhere.
      const klus = data.pool.find((k) => k.klus_id === id);
      if (klus !== undefined) onToewijzen(klus, klusser, false);
    },
  });

  const kandidaten = menu === null ? [] : data.klussers.filter((k) => k.regios.includes(menu.klus.regio));
  const kies = (klusser: KlusserRij) => {
    if (menu === null) return;
    const { klus } = menu;
    setMenu(null);
    onToewijzen(klus, klusser, true);
  };

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'flex-start', minWidth: 0 }}>
      <Box
        role="region"
        aria-label={`Weekrooster, ${titel}`}
        tabIndex={0}
        sx={{
          flex: `999 1 ${WEEK_BASIS}px`,
          minWidth: 0,
          maxWidth: '100%',
          overflowX: 'auto',
          // The positioning context of what is visually hidden inside: else it escapes the scroll box.
          position: 'relative',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
          '&:focus-visible': { outline: '3px solid #1558b0', outlineOffset: 2 },
        }}
      >
        <Box
          component="table"
          sx={{
            borderCollapse: 'separate',
            borderSpacing: 0,
            tableLayout: 'fixed',
            width: '100%',
            minWidth: KLUSSER_COL + 7 * DAG_COL,
            '& th, & td': { borderBottom: 1, borderColor: 'divider', p: 1, verticalAlign: 'top', textAlign: 'left' },
          }}
        >
          <Box component="caption" sx={visuallyHidden}>
            Planning per klusser en dag, {titel}
          </Box>
          <colgroup>
            <col style={{ width: KLUSSER_COL }} />
            {data.dagen.map((dag) => (
              <col key={dag} />
            ))}
          </colgroup>
          <thead>
            <tr>
              <Box component="th" scope="col" sx={{ ...sticky, zIndex: 2, fontWeight: 700 }}>
                Klusser
              </Box>
              {data.dagen.map((dag) => {
                const vandaag = dag === data.vandaag;
                return (
                  <Box
                    component="th"
                    scope="col"
                    key={dag}
                    aria-current={vandaag ? 'date' : undefined}
                    sx={{ fontWeight: 700, bgcolor: vandaag ? VANDAAG_KOP : undefined, borderTop: vandaag ? '4px solid #a84300' : undefined }}
                  >
                    {dagKort(dag)}
                    {vandaag && (
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
                <td colSpan={8}>
                  <Typography>Geen klussers in deze regio.</Typography>
                </td>
              </tr>
            )}
            {data.klussers.map((klusser) => {
              const actief = boven === klusser.id;
              return (
                <Box
                  component="tr"
                  key={klusser.id}
                  data-klusser={klusser.id}
                  aria-describedby={beheer ? UITLEG_ID : undefined}
                  {...(beheer ? doel(klusser) : {})}
                  // The row under a dragged job: tinted and framed by dashed lines (on the cells:
                  // browsers draw no outline around a table row), and its header says so.
                  sx={
                    actief
                      ? { '& > th, & > td': { bgcolor: SLEEP_DOEL, borderTop: '3px dashed #1558b0', borderBottom: '3px dashed #1558b0' } }
                      : undefined
                  }
                >
                  <Box component="th" scope="row" sx={sticky}>
                    <Typography component="span" sx={{ display: 'block', fontWeight: 700 }}>
                      {klusser.naam}
                    </Typography>
                    <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                      {klusser.regios.map(regioNaam).join(', ')}
                    </Typography>
                    {actief && (
                      <Typography component="span" variant="body2" sx={{ display: 'block', fontWeight: 700, color: '#1558b0' }}>
                        Loslaten om toe te wijzen
                      </Typography>
                    )}
                  </Box>
                  {data.dagen.map((dag) => (
                    <Box component="td" key={dag} sx={{ bgcolor: dag === data.vandaag ? VANDAAG_CEL : undefined }}>
                      <Kaarten>
                        {klusser.items
                          .filter((i) => i.dag === dag)
                          .map((item) => (
                            <KlusKaart key={`${item.soort}-${item.klus_id}`} item={item} href={jobHref(item.klus_id)} />
                          ))}
                      </Kaarten>
                    </Box>
                  ))}
                </Box>
              );
            })}
            <tr>
              <Box component="th" scope="row" sx={{ ...sticky, borderTop: '2px solid', borderTopColor: 'text.secondary' }}>
                <Typography component="span" sx={{ fontWeight: 700 }}>
                  Schouwen
                </Typography>
              </Box>
              {data.dagen.map((dag) => (
                <Box
                  component="td"
                  key={dag}
                  sx={{ borderTop: '2px solid', borderTopColor: 'text.secondary', bgcolor: dag === data.vandaag ? VANDAAG_CEL : undefined }}
                >
                  <Kaarten>
                    {data.schouwen
                      .filter((s) => s.dag === dag)
                      .map((s) => (
                        <SchouwKaart key={`schouw-${s.klus_id}`} item={s} href={jobHref(s.klus_id)} />
                      ))}
                  </Kaarten>
                </Box>
              ))}
            </tr>
          </tbody>
        </Box>
      </Box>

      <Box component="section" aria-labelledby="open-klussen-titel" sx={{ flex: `1 1 ${OPEN_BREEDTE}px`, minWidth: 0, display: 'grid', gap: 1.5 }}>
        <Typography id="open-klussen-titel" ref={openKop} tabIndex={-1} variant="h5" component="h2" sx={{ '&:focus': { outline: 'none' } }}>
          Open klussen
        </Typography>
        {data.pool.length === 0 ? (
          <Typography>Geen open klussen.</Typography>
        ) : (
          // Beside the week one column; below it (narrower screens) as many columns as fit.
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: `repeat(auto-fill, minmax(${OPEN_BREEDTE}px, 1fr))` }}>
            {data.pool.map((klus) => (
              <Box component="li" key={klus.klus_id}>
                <OpenKaart
                  klus={klus}
                  href={jobHref(klus.klus_id)}
                  jaar={jaarVan(data.week)}
                  beheer={beheer}
                  bezig={bezig !== null}
                  gesleept={gesleept === klus.klus_id}
                  onDragStart={sleepStart(klus)}
                  onDragEnd={sleepEinde}
                  onToewijzen={(e) => setMenu({ klus, anker: e.currentTarget })}
                  menuOpen={menu?.klus.klus_id === klus.klus_id}
                />
              </Box>
            ))}
          </Box>
        )}
      </Box>

      {beheer && (
        <Menu
          id="toewijzen-menu"
          anchorEl={menu?.anker ?? null}
          open={menu !== null}
          onClose={() => setMenu(null)}
          slotProps={{ list: { 'aria-labelledby': menu === null ? undefined : knopId(menu.klus) } }}
        >
          {kandidaten.length === 0 ? (
            <MenuItem disabled>Geen klussers in deze regio</MenuItem>
          ) : (
            kandidaten.map((k) => (
              <MenuItem key={k.id} onClick={() => kies(k)} sx={{ minHeight: 48 }}>
                {k.naam}
              </MenuItem>
            ))
          )}
        </Menu>
      )}
    </Box>
  );
}

/** The klusser column stays in view while the days scroll sideways (tablets). */
const sticky = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper', borderRight: 1, borderRightColor: 'divider' } as const;

const knopId = (klus: OpenKlus) => `toewijzen-${klus.klus_id}`;

function Kaarten({ children }: { children: React.ReactNode[] }) {
  if (children.length === 0) return null;
  // minmax(0, 1fr): a card is as wide as its day, never as wide as its longest word ('Onderhoud'
  // at 18 px is wider than a 112 px day); that word then breaks instead of running into the next day.
  return <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1 }}>{children}</Box>;
}

const kaartSx = {
  display: 'block',
  p: 1,
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  bgcolor: 'background.paper',
  color: 'text.primary',
  textDecoration: 'none',
  // Whole words where they fit, hyphenated where the browser knows Dutch, broken where they do not.
  overflowWrap: 'break-word',
  hyphens: 'auto',
  '&:hover': { bgcolor: '#f3f6fa', textDecoration: 'none' },
  '&:focus-visible': { outline: '3px solid #1558b0', outlineOffset: 2 },
} as const;

/** A line of a card; the hidden comma keeps the parts apart in the spoken name. */
function Regel({ children, vet = false }: { children: React.ReactNode; vet?: boolean }) {
  return (
    <Box component="span" sx={{ display: 'block', fontWeight: vet ? 700 : 400 }}>
      {children}
      <ScreenReaderText>, </ScreenReaderText>
    </Box>
  );
}

function StatusChip({ status }: { status: string }) {
  if (!isStatus(status)) return <Chip component="span" size="small" label={status} variant="outlined" />;
  return <Chip component="span" size="small" label={STATUS_LABEL[status]} sx={{ bgcolor: STATUS_COLOUR[status], color: '#fff', fontWeight: 700 }} />;
}

/** A job of a klusser on its day: time (or the customer's part of day), town, category, status. */
function KlusKaart({ item, href }: { item: PlanningItem; href: string }) {
  const kleur = isStatus(item.status) ? STATUS_COLOUR[item.status] : '#5f6b7a';
  return (
    <Link component={RouterLink} to={href} sx={{ ...kaartSx, borderLeft: `5px solid ${kleur}` }}>
      <ScreenReaderText>{dagLang(item.dag)}, </ScreenReaderText>
      <Regel vet>{item.tijd}</Regel>
      {!item.gepland && <Regel>nog in te plannen</Regel>}
      <Regel>{item.woonplaats}</Regel>
      <Regel>{item.categorie}</Regel>
      <StatusChip status={item.status} />
    </Link>
  );
}

const SCHOUW_STATUS: Record<string, string> = { gepland: 'Gepland', uitgevoerd: 'Uitgevoerd' };

/** A survey on its day, with who does it. */
function SchouwKaart({ item, href }: { item: PlanningItem; href: string }) {
  return (
    <Link component={RouterLink} to={href} sx={{ ...kaartSx, borderLeft: '5px dotted #5f6b7a' }}>
      <ScreenReaderText>Schouw {dagLang(item.dag)}, </ScreenReaderText>
      <Regel vet>{item.tijd}</Regel>
      <Regel>{item.woonplaats}</Regel>
      <Regel>{item.categorie}</Regel>
      <Regel>Opnemer: {item.opnemer || 'onbekend'}</Regel>
      <Chip component="span" size="small" variant="outlined" label={SCHOUW_STATUS[item.status] ?? item.status} />
    </Link>
  );
}

interface OpenKaartProps {
  klus: OpenKlus;
  href: string;
  /** The shown week's year: a date in another year says its year. */
  jaar: number;
  beheer: boolean;
  bezig: boolean;
  gesleept: boolean;
  menuOpen: boolean;
  onDragStart: (e: DragEvent) => void;
  onDragEnd: () => void;
  onToewijzen: (e: MouseEvent<HTMLElement>) => void;
}

/** An open job: date, part of day, town, category and whether it is in the pool; for admins draggable, with 'Toewijzen aan…'. */
function OpenKaart({ klus, href, jaar, beheer, bezig, gesleept, menuOpen, onDragStart, onDragEnd, onToewijzen }: OpenKaartProps) {
  const sleepbaar = beheer && !bezig;
  return (
    <Box
      data-open-klus={klus.klus_id}
      draggable={sleepbaar}
      onDragStart={sleepbaar ? onDragStart : undefined}
      onDragEnd={sleepbaar ? onDragEnd : undefined}
      sx={{
        display: 'grid',
        gap: 1,
        p: 1,
        border: 1,
        borderColor: 'divider',
        borderLeft: `5px solid ${STATUS_COLOUR.open}`,
        borderRadius: 1,
        bgcolor: 'background.paper',
        cursor: sleepbaar ? 'grab' : undefined,
        opacity: gesleept ? 0.6 : 1,
      }}
    >
      <Link component={RouterLink} to={href} draggable={beheer ? false : undefined} sx={{ ...kaartSx, border: 0, p: 0 }}>
        <Regel vet>
          {dagKort(klus.datum, jaar)}, {klus.tijd}
        </Regel>
        <Regel>{klus.woonplaats}</Regel>
        <Regel>{klus.categorie}</Regel>
        <Box component="span" sx={{ display: 'block', fontStyle: 'italic' }}>
          {klus.assignment_type === 'pool' ? 'In pool' : 'Nog niet uitgezet'}
        </Box>
      </Link>
      {beheer && (
        <Button
          id={knopId(klus)}
          variant="outlined"
          size="large"
          disabled={bezig}
          aria-haspopup="menu"
          aria-expanded={menuOpen ? 'true' : undefined}
          aria-controls={menuOpen ? 'toewijzen-menu' : undefined}
          // The visible text first (WCAG 2.5.3), then which job: every open job has such a button.
          aria-label={`Toewijzen aan… (${klus.categorie}, ${klus.woonplaats}, ${dagLang(klus.datum)})`}
          onClick={onToewijzen}
        >
          Toewijzen aan…
        </Button>
      )}
    </Box>
  );
}
