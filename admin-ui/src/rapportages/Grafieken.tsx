import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import type { ResponseBody } from '@klusmaat/shared-ui/api/types';
import { ChartCard, type Kolom } from '../charts/ChartCard';
import {
  csvGetal,
  csvNaam,
  datum,
  deelWekenZin,
  euroHeel,
  getal,
  maandKort,
  periodeWeekKort,
  periodeWeekLang,
  procent,
  weekDagen,
  type PeriodeWeek,
} from '../charts/format';
import { maandTekst } from '@klusmaat/shared-ui/week';
import type { GrafiekSerie } from '../charts/Grafiek';
import { KLEUR } from '../charts/series';
import { useApiState } from '../api/useApiState';
import { bedrag } from '../klanten/csv';
import { euro } from '../klussen/format';
import { STATUS_COLOUR, STATUS_LABEL } from '../klussen/status';
import { useRegios } from '../regios/useRegios';

export type GrafiekenData = ResponseBody<'/api/v1/rapportages/grafieken'>['data'];
type WeekStatus = GrafiekenData['klussen_per_week'][number];
type MaandOmzet = GrafiekenData['omzet_per_maand'][number];
type MaandUren = GrafiekenData['uren_per_maand'][number];
type MaandBeoordeling = GrafiekenData['beoordeling_per_maand'][number];
type WeekTerugbellen = GrafiekenData['terugbellen_per_week'][number];

/** How long the period must stay unchanged before the charts are asked again (typing a date). */
export const DEBOUNCE_MS = 400;
const FOUT = 'Fout bij laden van grafieken';
const DATUM = /^\d{4}-\d{2}-\d{2}$/;

/** value, once it has not changed for `ms`. */
function useBedaard<T>(value: T, ms: number): T {
  const [bedaard, setBedaard] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setBedaard(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return bedaard;
}

const som = <R,>(rijen: readonly R[], f: (r: R) => number) => rijen.reduce((t, r) => t + f(r), 0);

/** A week's row heads the table with its name and the days counted in it (a cut week fewer than seven). */
const weekKolommen = [
  { kop: 'Week', cel: (r: PeriodeWeek) => periodeWeekLang(r) },
  { kop: 'Getelde dagen', cel: (r: PeriodeWeek) => weekDagen(r) },
] as const;
const maandKolom = { kop: 'Maand', cel: (r: { maand: string }) => maandTekst(r.maand) } as const;
/** The x-axis of weeks: categories are the Mondays, labelled by their rows ('wk 44 (deel)'). */
function weekAs(rijen: readonly PeriodeWeek[]) {
  const per = new Map(rijen.map((r) => [r.week, r]));
  const rij = (w: string): PeriodeWeek => per.get(w) ?? { week: w, van: w, tot: w };
  return {
    categorieen: rijen.map((r) => r.week),
    kort: (w: string) => periodeWeekKort(rij(w)),
    lang: (w: string) => `${periodeWeekLang(rij(w))}: ${weekDagen(rij(w))}`,
    xLabel: 'Week',
  };
}
const maandAs = { kort: maandKort, lang: maandTekst, xLabel: 'Maand' };
/** A column of counts: '1.234' in the table, '1234' in the file. */
function telling<R>(kop: string, f: (r: R) => number): Kolom<R> {
  return { kop, cel: (r) => getal(f(r)), csv: (r) => String(f(r)), getal: true };
}

/**
 * The reports' charts (D29) for the period and region of the form above them: jobs per week by
 * status, revenue and VAT, hours, the average rating per month and the requests called back
 * late. They are asked again when the period changes and is complete; a period the server
 * refuses shows its messages here and under the fields (onFields).
 */
export function Grafieken({ van, tot, regio, onFields }: { van: string; tot: string; regio: string; onFields: (f: Record<string, string>) => void }) {
  const { naam: regioNaam } = useRegios();
  const gekozen = DATUM.test(van) && DATUM.test(tot) ? `/api/v1/rapportages/grafieken?${new URLSearchParams({ van, tot, regio }).toString()}` : null;
  const path = useBedaard(gekozen, DEBOUNCE_MS);
  const geldig = path !== null;
  const { state } = useApiState<GrafiekenData>(path, FOUT);

  useEffect(() => {
    if (state.kind === 'ok') onFields({});
    else if (state.kind === 'error' && Object.keys(state.fields).length > 0) onFields(state.fields);
  }, [state, onFields]);

  return (
    <Card component="section" aria-labelledby="grafieken-titel">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        {/* Larger than the page's other h2s: it holds the five charts' own headings (h3). */}
        <Typography id="grafieken-titel" variant="h5" component="h2">
          Grafieken
        </Typography>
        {!geldig && <Typography>Kies een begin- en einddatum om de grafieken te zien.</Typography>}
        {geldig && state.kind === 'loading' && <Typography role="status">Grafieken worden geladen…</Typography>}
        {geldig && state.kind === 'error' && (
          <Alert severity="error" role="alert">
            {state.message}
            {Object.values(state.fields).map((m) => (
              <Box component="span" key={m} sx={{ display: 'block' }}>
                {m}
              </Box>
            ))}
          </Alert>
        )}
        {geldig && state.kind === 'ok' && <Figuren data={state.data} regioNaam={state.data.regio === '' ? "alle regio's" : `regio ${regioNaam(state.data.regio)}`} />}
      </CardContent>
    </Card>
  );
}

function Figuren({ data, regioNaam }: { data: GrafiekenData; regioNaam: string }) {
  const waar = `van ${datum(data.van)} tot en met ${datum(data.tot)}, ${regioNaam}`;
  const bestand = (naam: string) => csvNaam(naam, data.van, data.tot, data.regio);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography>Cijfers {waar}.</Typography>
      <KlussenPerWeek rijen={data.klussen_per_week} waar={waar} csv={bestand('klussen-per-week')} />
      <OmzetPerMaand rijen={data.omzet_per_maand} waar={waar} csv={bestand('omzet-per-maand')} />
      <UrenPerMaand rijen={data.uren_per_maand} waar={waar} csv={bestand('uren-per-maand')} />
      <BeoordelingPerMaand rijen={data.beoordeling_per_maand} waar={waar} csv={bestand('beoordeling-per-maand')} />
      <TerugbellenPerWeek rijen={data.terugbellen_per_week} waar={waar} csv={bestand('terugbellen-per-week')} />
    </Box>
  );
}

interface Props<R> {
  rijen: readonly R[];
  waar: string;
  csv: string;
}

/** What every report chart shows alike: its title, its rows, the table's caption (the title, period and region) and its CSV file. */
function kaart<R>(titel: string, { rijen, waar, csv }: Props<R>) {
  return { titel, rijen, bijschrift: `${titel} ${waar}`, csvNaam: csv };
}

const STATUSSEN = [
  { id: 'open', patroon: 'vol' },
  { id: 'ingepland', patroon: 'schuin' },
  { id: 'bezig', patroon: 'stippen' },
  { id: 'afgerond', patroon: 'ruit' },
] as const;

function KlussenPerWeek(props: Props<WeekStatus>) {
  const { rijen } = props;
  const totaal = (r: WeekStatus) => r.open + r.ingepland + r.bezig + r.afgerond;
  const n = som(rijen, totaal);
  const per = STATUSSEN.map((s) => `${getal(som(rijen, (r) => r[s.id]))} ${STATUS_LABEL[s.id].toLowerCase()}`);
  const titel = 'Klussen per week per status';
  const kolommen: Kolom<WeekStatus>[] = [
    ...weekKolommen,
    ...STATUSSEN.map((s) => telling<WeekStatus>(STATUS_LABEL[s.id], (r) => r[s.id])),
    telling('Totaal', totaal),
  ];
  return (
    <ChartCard
      {...kaart(titel, props)}
      samenvatting={
        n === 0
          ? 'Geen klussen met een datum in deze periode.'
          : `${getal(n)} klussen met een datum in deze periode, naar hun status nu: ${per.slice(0, 3).join(', ')} en ${per[3]}.${deelWekenZin(rijen)}`
      }
      grafiek={{
        ...weekAs(rijen),
        soort: 'staven',
        gestapeld: true,
        yLabel: 'Aantal klussen',
        series: STATUSSEN.map(
          (s): GrafiekSerie => ({ id: s.id, label: STATUS_LABEL[s.id], kleur: STATUS_COLOUR[s.id], patroon: s.patroon, data: rijen.map((r) => r[s.id]) }),
        ),
      }}
      kolommen={kolommen}
    />
  );
}

function OmzetPerMaand(props: Props<MaandOmzet>) {
  const { rijen } = props;
  const facturen = som(rijen, (r) => r.facturen);
  const titel = 'Omzet en btw per maand';
  const euros = (v: number) => euro(Math.round(v * 100));
  return (
    <ChartCard
      {...kaart(titel, props)}
      samenvatting={
        facturen === 0
          ? 'Geen facturen in deze periode.'
          : `${euro(som(rijen, (r) => r.omzet_cents))} omzet excl. btw en ${euro(som(rijen, (r) => r.btw_cents))} btw, uit ${getal(facturen)} ${facturen === 1 ? 'factuur' : 'facturen'}.`
      }
      grafiek={{
        ...maandAs,
        soort: 'staven',
        categorieen: rijen.map((r) => r.maand),
        yLabel: 'Bedrag in euro',
        yFormatter: euroHeel,
        yBreedte: 104,
        series: [
          { id: 'omzet', label: 'Omzet excl. btw', kleur: KLEUR.blauw, data: rijen.map((r) => r.omzet_cents / 100), formatter: euros },
          { id: 'btw', label: 'Btw', kleur: KLEUR.oranje, patroon: 'schuin', data: rijen.map((r) => r.btw_cents / 100), formatter: euros },
        ],
      }}
      kolommen={[
        maandKolom,
        { kop: 'Omzet excl. btw', csvKop: 'Omzet excl. btw (euro)', cel: (r) => euro(r.omzet_cents), csv: (r) => bedrag(r.omzet_cents), getal: true },
        { kop: 'Btw', csvKop: 'Btw (euro)', cel: (r) => euro(r.btw_cents), csv: (r) => bedrag(r.btw_cents), getal: true },
        telling<MaandOmzet>('Facturen', (r) => r.facturen),
      ]}
    />
  );
}

function UrenPerMaand(props: Props<MaandUren>) {
  const { rijen } = props;
  const uren = som(rijen, (r) => r.uren);
  const werkbonnen = som(rijen, (r) => r.werkbonnen);
  const titel = 'Gewerkte uren per maand';
  return (
    <ChartCard
      {...kaart(titel, props)}
      samenvatting={
        werkbonnen === 0
          ? 'Geen afgeronde werkbonnen in deze periode.'
          : `${getal(uren)} uur gewerkt op ${getal(werkbonnen)} afgeronde ${werkbonnen === 1 ? 'werkbon' : 'werkbonnen'}.`
      }
      grafiek={{
        ...maandAs,
        soort: 'staven',
        categorieen: rijen.map((r) => r.maand),
        yLabel: 'Uren',
        series: [{ id: 'uren', label: 'Gewerkte uren', kleur: KLEUR.blauw, data: rijen.map((r) => r.uren), formatter: (v) => `${getal(v)} uur` }],
      }}
      kolommen={[
        maandKolom,
        { kop: 'Uren', cel: (r) => getal(r.uren), csv: (r) => csvGetal(r.uren, 1), getal: true },
        telling<MaandUren>('Werkbonnen', (r) => r.werkbonnen),
      ]}
    />
  );
}

function BeoordelingPerMaand(props: Props<MaandBeoordeling>) {
  const { rijen } = props;
  const beoordeeld = som(rijen, (r) => (r.gemiddelde === null ? 0 : r.beoordeeld));
  const gewogen = som(rijen, (r) => (r.gemiddelde === null ? 0 : r.gemiddelde * r.beoordeeld));
  const zonder = rijen.filter((r) => r.gemiddelde === null).length;
  const titel = 'Gemiddelde beoordeling per maand';
  const een = (v: number) => getal(Math.round(v * 10) / 10);
  return (
    <ChartCard
      {...kaart(titel, props)}
      samenvatting={
        beoordeeld === 0
          ? 'Geen beoordelingen in deze periode.'
          : `Gemiddeld ${een(gewogen / beoordeeld)} van 5, uit ${getal(beoordeeld)} ${beoordeeld === 1 ? 'beoordeling' : 'beoordelingen'}.` +
            (zonder > 0 ? ` ${zonder === 1 ? 'Eén maand heeft' : `${zonder} maanden hebben`} geen beoordelingen: daar is de lijn onderbroken.` : '')
      }
      grafiek={{
        ...maandAs,
        soort: 'lijnen',
        categorieen: rijen.map((r) => r.maand),
        yLabel: 'Gemiddelde (1 tot 5)',
        yMin: 1,
        yMax: 5,
        series: [{ id: 'gemiddelde', label: 'Gemiddelde beoordeling', kleur: KLEUR.groen, data: rijen.map((r) => r.gemiddelde), formatter: (v) => `${een(v)} van 5` }],
      }}
      kolommen={[
        maandKolom,
        { kop: 'Gemiddelde (1 tot 5)', cel: (r) => (r.gemiddelde === null ? 'geen beoordelingen' : een(r.gemiddelde)), csv: (r) => csvGetal(r.gemiddelde, 2), getal: true },
        telling<MaandBeoordeling>('Beoordelingen', (r) => r.beoordeeld),
      ]}
    />
  );
}

function TerugbellenPerWeek(props: Props<WeekTerugbellen>) {
  const { rijen } = props;
  const aanvragen = som(rijen, (r) => r.aanvragen);
  const laat = som(rijen, (r) => r.te_laat);
  const titel = 'Aanvragen niet binnen 24 uur teruggebeld';
  return (
    <ChartCard
      {...kaart(titel, props)}
      samenvatting={
        aanvragen === 0
          ? 'Geen aanvragen via de website in deze periode.'
          : `Van de ${getal(aanvragen)} aanvragen via de website ${laat === 1 ? 'is er 1' : `zijn er ${getal(laat)}`} (${procent(laat, aanvragen)}) niet binnen 24 uur teruggebeld.${deelWekenZin(rijen)}`
      }
      grafiek={{
        ...weekAs(rijen),
        soort: 'staven',
        yLabel: 'Aantal aanvragen',
        series: [
          { id: 'aanvragen', label: 'Aanvragen', kleur: KLEUR.blauw, data: rijen.map((r) => r.aanvragen) },
          { id: 'te_laat', label: 'Niet binnen 24 uur teruggebeld', kleur: KLEUR.rood, patroon: 'schuin', data: rijen.map((r) => r.te_laat) },
        ],
      }}
      kolommen={[...weekKolommen, telling<WeekTerugbellen>('Aanvragen', (r) => r.aanvragen), telling<WeekTerugbellen>('Niet binnen 24 uur teruggebeld', (r) => r.te_laat)]}
    />
  );
}
