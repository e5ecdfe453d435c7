import { Alert, Box, Button, Link, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { Datagrid, FunctionField, TextField } from 'react-admin';
import { useIsAdmin } from '../auth/useMe';
import { euro } from '../klussen/format';
import { EmptyList } from '../lists/EmptyList';
import { ListHeader } from '../lists/ListHeader';
import { ResourceList } from '../lists/ResourceList';
import { useEigenBedrijven } from '../uitbetalingen/bedrijven';
import { bedrijfFilter } from '../uitbetalingen/bedrijfFilter';
import { percentageTekst, type Afdracht } from './actions';
import { AfdrachtDialog, FactuurStaat } from './AfdrachtDialog';
import { maandTekst } from '@klusmaat/shared-ui/week';

const titelVan = (a: Afdracht) => `Afdracht ${maandTekst(a.maand)}, ${a.uitgever_naam}`;

/**
 * 'Afdrachten' (D32), /admin/afdrachten and /franchise/afdrachten: per month and franchise
 * business, newest first (D25), the revenue excluding VAT, the percentage, the fee, and the
 * central business's invoice for it with its state and PDF; 'Bekijken' lists the month's invoices
 * the fee counts. A franchise owner sees its own business's (the server decides); a region without
 * a business of its own pays no fee, and is told so.
 */
export default function AfdrachtList() {
  const admin = useIsAdmin();
  const { bedrijven } = useEigenBedrijven();
  const [open, setOpen] = useState<Afdracht | null>(null);
  const franchiseBedrijven = useMemo(() => (bedrijven ?? []).filter((b) => b.regio !== null), [bedrijven]);
  const filters = useMemo(() => (admin && franchiseBedrijven.length > 1 ? [bedrijfFilter('Bedrijf', franchiseBedrijven)] : undefined), [admin, franchiseBedrijven]);

  return (
    <>
      <ResourceList title="Afdrachten" failure="Kon afdrachten niet laden" sort={{ field: 'maand', order: 'DESC' }} filters={filters} actions={false}>
        <ListHeader title="Afdrachten" grid>
          <Typography>
            Een regio met een eigen bedrijf draagt elke maand een percentage van haar omzet af aan het centrale bedrijf: de omzet van de maand zonder btw,
            met de creditfacturen eraf. Het centrale bedrijf stuurt daarvoor een factuur (met 21% btw).
          </Typography>
          {!admin && bedrijven !== undefined && franchiseBedrijven.length === 0 && (
            <Alert severity="info">Uw regio heeft geen eigen bedrijf en draagt daarom niets af: het centrale bedrijf factureert de klussen van uw regio zelf.</Alert>
          )}
        </ListHeader>
        <Datagrid
          bulkActionButtons={false}
          rowClick={false}
          sx={{ '& .MuiTableCell-root': { px: 0.75 }, '& td': { verticalAlign: 'top' } }}
          empty={<EmptyList none="Nog geen afdrachten." filtered="Geen afdrachten gevonden." />}
        >
          <FunctionField<Afdracht> source="maand" label="Maand" render={(a) => maandTekst(a.maand)} />
          <TextField source="uitgever_naam" label="Bedrijf" sortable={false} sx={{ overflowWrap: 'anywhere' }} />
          <FunctionField<Afdracht> label="Omzet excl. btw" sortable={false} render={(a) => <Box sx={{ whiteSpace: 'nowrap' }}>{euro(a.omzet_cents)}</Box>} />
          <FunctionField<Afdracht> label="Percentage" sortable={false} render={(a) => `${percentageTekst(a.percentage)}%`} />
          <FunctionField<Afdracht> label="Afdracht excl. btw" sortable={false} render={(a) => <Box sx={{ whiteSpace: 'nowrap', fontWeight: 700 }}>{euro(a.bedrag_cents)}</Box>} />
          <FunctionField<Afdracht>
            label="Factuur"
            sortable={false}
            render={(a) =>
              a.factuurnummer === null ? (
                'Nog niet gemaakt'
              ) : (
                <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
                  <span>{a.factuurnummer}</span>
                  <FactuurStaat staat={a.factuur_staat} />
                  {a.totaal_cents !== null && (
                    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                      {euro(a.totaal_cents)} incl. btw
                      {a.open_cents !== null && a.open_cents > 0 && a.open_cents !== a.totaal_cents ? `, open ${euro(a.open_cents)}` : ''}
                    </Typography>
                  )}
                </Box>
              )
            }
          />
          <FunctionField<Afdracht>
            label="Facturen van de maand"
            sortable={false}
            render={(a) => (a.facturen.length === 1 ? '1 factuur' : `${a.facturen.length} facturen`)}
          />
          <FunctionField<Afdracht>
            label="Acties"
            sortable={false}
            render={(a) => (
              <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, alignItems: 'flex-start' }}>
                <Button variant="outlined" onClick={() => setOpen(a)} aria-label={`Bekijken: ${titelVan(a)}`}>
                  Bekijken
                </Button>
                {a.pdf && (
                  <Link href={a.pdf} target="_blank" rel="noopener" aria-label={`PDF van factuur ${a.factuurnummer ?? ''}`} sx={{ fontWeight: 700 }}>
                    PDF
                  </Link>
                )}
              </Box>
            )}
          />
        </Datagrid>
      </ResourceList>
      {open !== null && <AfdrachtDialog id={open.id} titel={titelVan(open)} onClose={() => setOpen(null)} />}
    </>
  );
}
