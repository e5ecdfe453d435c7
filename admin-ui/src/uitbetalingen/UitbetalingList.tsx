import WarningIcon from '@mui/icons-material/WarningAmber';
import { Alert, Box, Button, Chip, Link, Typography } from '@mui/material';
import { todayNL } from '@klusmaat/shared-ui/calendar';
import { useMemo, useState } from 'react';
import { Datagrid, FunctionField, TextField } from 'react-admin';
import { useIsAdmin } from '../auth/useMe';
import { SelectInput } from '../fields/SelectInput';
import { euro } from '../klussen/format';
import { EmptyList } from '../lists/EmptyList';
import { ListHeader } from '../lists/ListHeader';
import { ResourceList } from '../lists/ResourceList';
import type { Uitbetaling } from './actions';
import { bedrijfFilter } from './bedrijfFilter';
import { GEEN_EIGEN_BEDRIJF, useEigenBedrijven } from './bedrijven';
import { maandKeuzes, STATUS_KEUZES, STATUS_KLEUR, STATUS_LABEL } from './format';
import { Onderdelen } from './Onderdelen';
import { UitbetalingDialog } from './UitbetalingDialog';
import { maandTekst } from '@klusmaat/shared-ui/week';

/**
 * The state as a chip ('Uitbetaald'), what the server adds to it under it ('op 27-11-2026': a date
 * is not broken at its hyphens inside a chip), and 'IBAN ontbreekt' when the statement cannot be
 * paid by bank.
 */
function StaatCel({ u }: { u: Uitbetaling }) {
  const label = STATUS_LABEL[u.status] ?? u.status_tekst;
  const rest = u.status_tekst.startsWith(label) ? u.status_tekst.slice(label.length).trim() : '';
  return (
    <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
      <Chip label={label} color={STATUS_KLEUR[u.status] ?? 'default'} sx={{ fontWeight: 700 }} />
      {rest !== '' && (
        <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          {rest}
        </Typography>
      )}
      {u.iban_ontbreekt && (
        <Typography component="span" variant="body2" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 700, color: 'error.main' }}>
          <WarningIcon fontSize="small" aria-hidden="true" />
          IBAN ontbreekt
        </Typography>
      )}
    </Box>
  );
}

/**
 * 'Uitbetalingen' (D31), /admin/uitbetalingen and /franchise/uitbetalingen: the monthly statements
 * of the klussers, newest month first (one page from the server, D25), filtered by state and
 * month (and, for an admin, by the business that pays). Each opens with its lines, to check and
 * approve; the PDF is one click away. A franchise owner sees its own business's statements (the
 * server decides); one whose region has no business of its own is told who pays its klussers.
 */
export default function UitbetalingList() {
  const admin = useIsAdmin();
  const { bedrijven } = useEigenBedrijven();
  const [open, setOpen] = useState<{ id: string; nummer: string } | null>(null);

  const filters = useMemo(() => {
    const vandaag = todayNL();
    const lijst = [
      <SelectInput key="status" source="status" label="Staat" alwaysOn emptyText="Alle" choices={STATUS_KEUZES} sx={{ minWidth: 180 }} />,
      <SelectInput
        key="maand"
        source="maand"
        label="Maand"
        alwaysOn
        emptyText="Alle maanden"
        choices={maandKeuzes({ year: vandaag.getFullYear(), month: vandaag.getMonth() + 1 })}
        sx={{ minWidth: 220 }}
      />,
    ];
    if (admin && bedrijven !== undefined && bedrijven.length > 1) {
      lijst.push(bedrijfFilter('Betaald door', bedrijven));
    }
    return lijst;
  }, [admin, bedrijven]);

  return (
    <>
      <ResourceList title="Uitbetalingen" failure="Kon uitbetalingen niet laden" sort={{ field: 'maand', order: 'DESC' }} filters={filters} actions={false}>
        <ListHeader title="Uitbetalingen" grid>
          <Onderdelen huidig="uitbetalingen" />
          <Typography>
            Na elke maand maakt het platform per klusser een uitbetaling van zijn afgeronde werkbonnen: € 35,00 per gewerkt uur. Controleer de regels en keur
            de uitbetaling goed. Goedgekeurde uitbetalingen betaalt u met een betaalbestand onder Betaalbatches.
          </Typography>
          {!admin && bedrijven !== undefined && bedrijven.length === 0 && <Alert severity="info">{GEEN_EIGEN_BEDRIJF}</Alert>}
        </ListHeader>
        <Datagrid
          bulkActionButtons={false}
          rowClick={false}
          sx={{ '& .MuiTableCell-root': { px: 0.75 }, '& .column-totaal_cents': { whiteSpace: 'nowrap' } }}
          empty={<EmptyList none="Nog geen uitbetalingen." filtered="Geen uitbetalingen gevonden." />}
        >
          <FunctionField<Uitbetaling> source="maand" label="Maand" render={(u) => maandTekst(u.maand)} />
          <TextField source="nummer" label="Nummer" />
          <TextField source="klusser_naam" label="Klusser" sx={{ overflowWrap: 'anywhere' }} />
          <TextField source="uitgever_naam" label="Betaald door" sortable={false} sx={{ overflowWrap: 'anywhere' }} />
          <FunctionField<Uitbetaling> source="totaal_cents" label="Totaal" render={(u) => euro(u.totaal_cents)} />
          <FunctionField<Uitbetaling> source="status" label="Staat" render={(u) => <StaatCel u={u} />} />
          <FunctionField<Uitbetaling>
            label="Acties"
            sortable={false}
            render={(u) => (
              <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
                <Button
                  variant={u.status === 'concept' ? 'contained' : 'outlined'}
                  onClick={() => setOpen({ id: u.id, nummer: u.nummer })}
                  aria-label={`${u.status === 'concept' ? 'Bekijken en goedkeuren' : 'Bekijken'}: uitbetaling ${u.nummer} van ${u.klusser_naam}`}
                >
                  {u.status === 'concept' ? 'Bekijken en goedkeuren' : 'Bekijken'}
                </Button>
                <Link href={u.pdf} target="_blank" rel="noopener" aria-label={`PDF van uitbetaling ${u.nummer}`} sx={{ fontWeight: 700 }}>
                  PDF
                </Link>
              </Box>
            )}
          />
        </Datagrid>
      </ResourceList>
      {open !== null && <UitbetalingDialog id={open.id} nummer={open.nummer} onClose={() => setOpen(null)} />}
    </>
  );
}
