import DownloadIcon from '@mui/icons-material/Download';
import SendIcon from '@mui/icons-material/Send';
import { Box, Button, Chip, Link, Typography } from '@mui/material';
import { useState } from 'react';
import { Datagrid, FunctionField, TextField, TextInput, useDataProvider, useListContext, useNotify } from 'react-admin';
import { SelectInput } from '../fields/SelectInput';
import type { ListItem, ResponseBody } from '@klusmaat/shared-ui/api/types';
import { failureText } from '../api/action';
import { useAction } from '../api/useAction';
import type { ConsoleDataProvider } from '../dataProvider';
import { download } from '../klanten/csv';
import { DayField } from '../fields/DayField';
import { wrapAnywhere } from '../fields/wrap';
import { euro } from '../klussen/format';
import { EmptyList } from '../lists/EmptyList';
import { filterQuery } from '../lists/filterQuery';
import { FactuurDialog } from './FactuurDialog';
import { ResourceList } from '../lists/ResourceList';
import { SummaryCards, useListSummary } from '../lists/SummaryCards';

type Factuur = ListItem<'/api/v1/facturen'>;
type Totals = ResponseBody<'/api/v1/facturen/totalen'>['data'];

/** Payment methods as users read them (section 9). */
export const METHODE: Record<string, string> = { contant: 'Contant', pin: 'PIN', bank: 'Bank', niet_betaald: 'Niet betaald' };

const FILTERS = [
  <TextInput key="q" source="q" label="Zoeken (factuurnummer, klant of omschrijving)" alwaysOn resettable sx={{ minWidth: 320 }} />,
  <SelectInput
    key="betaal_methode"
    source="betaal_methode"
    label="Betaalmethode"
    alwaysOn
    sx={{ minWidth: 200 }}
    emptyText="Alle"
    choices={[...Object.entries(METHODE).map(([id, name]) => ({ id, name })), { id: 'open', name: 'Nog niet geregistreerd' }]}
  />,
  <SelectInput
    key="betaald"
    source="betaald"
    label="Betaling"
    alwaysOn
    emptyText="Betaald en openstaand"
    choices={[
      { id: 'nee', name: 'Openstaand (opvolgen)' },
      { id: 'ja', name: 'Betaald' },
    ]}
  />,
];

/** Count, revenue, VAT and open invoices for the list's filter, counted by the server. */
function TotalCards() {
  const totals = useListSummary<Totals>('/api/v1/facturen/totalen');
  const cards: [string, string][] = totals === null ? [] : [
    ['Facturen', String(totals.aantal)],
    ['Omzet (incl. btw)', euro(totals.omzet_cents)],
    ['Btw', euro(totals.btw_cents)],
    ['Openstaand', String(totals.openstaand)],
  ];
  return <SummaryCards label="Totalen van de facturen" testId="facturen" cards={cards} />;
}

/** 'CSV exporteren': the server writes every invoice of the current filter (comma, quoted). */
function CsvExport() {
  const { filterValues } = useListContext();
  const notify = useNotify();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [busy, setBusy] = useState(false);
  const exporteren = async () => {
    setBusy(true);
    try {
      const csv = await dataProvider.readText(`/api/v1/facturen/export.csv${filterQuery(filterValues, '')}`, 'text/csv', 'Fout bij exporteren');
      download('facturen.csv', csv);
      notify('Facturen geëxporteerd naar CSV', { type: 'success' });
    } catch (e) {
      notify(e instanceof Error && e.message !== '' ? e.message : 'Fout bij exporteren', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" size="large" startIcon={<DownloadIcon />} disabled={busy} onClick={() => void exporteren()}>
      CSV exporteren
    </Button>
  );
}

/**
 * The payment as a word: 'Betaald (PIN)', 'Niet betaald' or 'Openstaand'; a credit invoice and the
 * invoice it corrects (D28) say so instead.
 */
function betaling(f: Factuur): string {
  if (f.credit_van) return `Creditfactuur (voor ${f.credit_van})`;
  if (f.gecrediteerd_door) return `Gecrediteerd (${f.gecrediteerd_door})`;
  if (f.betaald) return `Betaald (${METHODE[f.betaal_methode ?? ''] ?? f.betaal_methode})`;
  return f.betaal_methode === 'niet_betaald' ? 'Niet betaald' : 'Openstaand';
}

function Verzenden({ factuur }: { factuur: Factuur }) {
  const notify = useNotify();
  const verzenden = useAction('sendFactuur');
  const send = async () => {
    try {
      // mutateAsync, not run: a refusal is said in the server's own words (failureText).
      const a = await verzenden.mutateAsync({ id: factuur.id });
      notify(a.message, { type: 'success' });
    } catch (e) {
      notify(failureText(e, 'Kon factuur niet verzenden'), { type: 'error' });
    }
  };
  return (
    <Button variant="outlined" startIcon={<SendIcon />} disabled={verzenden.isPending} onClick={() => void send()} aria-label={`Verzenden: factuur ${factuur.factuurnummer}`}>
      Verzenden
    </Button>
  );
}

/**
 * The invoices (document 001 section 2, Invoices), /admin/facturen: totals for the filter, search,
 * payment filters (unpaid ones to follow up), the PDF and sending it to the customer again.
 */
export default function FactuurList() {
  const [bekijk, setBekijk] = useState<Factuur | null>(null);
  return (
    <>
      <ResourceList title="Facturen" failure="Kon facturen niet laden" sort={{ field: 'datum', order: 'DESC' }} filters={FILTERS} actions={false} empty={false}>
        <Box sx={{ px: 2, pt: 2 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
            <Typography variant="h4" component="h1">
              Facturen
            </Typography>
            <CsvExport />
          </Box>
          <TotalCards />
        </Box>
        <Datagrid
          bulkActionButtons={false}
          rowClick={false}
          // Tighter cells and a narrower description keep the actions in view at 1280 px.
          sx={{ '& .MuiTableCell-root': { px: 0.75 }, '& .column-omschrijving': { maxWidth: 200 }, '& td:nth-of-type(3)': { maxWidth: 170 }, '& .column-totaal_bedrag_cents': { whiteSpace: 'nowrap' } }}
          empty={<EmptyList none="Geen facturen gevonden" filtered="Geen facturen gevonden" />}>
          <TextField source="factuurnummer" label="Factuurnummer" />
          <DayField source="datum" label="Datum" />
          <FunctionField<Factuur>
            label="Klant"
            sortable={false}
            render={(f) => (
              // A long e-mail address breaks inside its column instead of running into the next.
              // The name is left out when it is the e-mail address (the server's stand-in for a
              // customer without a name), so the address is not shown twice.
              <Box sx={wrapAnywhere}>
                {f.klant_naam !== f.klant_email && (f.klant_naam || '—')}
                <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                  {f.klant_email || 'geen e-mailadres'}
                </Typography>
              </Box>
            )}
          />
          <TextField source="omschrijving" label="Omschrijving" sortable={false} sx={wrapAnywhere} />
          <FunctionField<Factuur> source="totaal_bedrag_cents" label="Totaal" render={(f) => euro(f.totaal_bedrag_cents)} />
          <FunctionField<Factuur>
            label="Betaling"
            sortable={false}
            render={(f) => (
              <Chip
                label={betaling(f)}
                color={f.betaald ? 'success' : f.credit_van || f.gecrediteerd_door ? 'default' : 'warning'}
                // A long state ('Creditfactuur (voor DH2026-0003)') wraps inside its chip rather
                // than widening the column until the actions leave the screen at 1280 px.
                sx={{ fontWeight: 700, height: 'auto', py: 0.5, '& .MuiChip-label': { whiteSpace: 'normal', textAlign: 'center' } }}
              />
            )}
          />
          <FunctionField<Factuur>
            label="Acties"
            sortable={false}
            render={(f) => (
              // Stacked: side by side they push the column past 1280 px.
              <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, alignItems: 'flex-start' }}>
                <Button variant="outlined" onClick={() => setBekijk(f)} aria-label={`Bekijken: factuur ${f.factuurnummer}`}>
                  Bekijken
                </Button>
                <Link href={`/api/v1/facturen/${f.id}/pdf`} target="_blank" rel="noopener" aria-label={`PDF van factuur ${f.factuurnummer}`}>
                  PDF
                </Link>
                <Verzenden factuur={f} />
              </Box>
            )}
          />
        </Datagrid>
      </ResourceList>
      {bekijk !== null && <FactuurDialog factuur={bekijk} methode={betaling(bekijk)} onClose={() => setBekijk(null)} />}
    </>
  );
}
