import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Chip, Link, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { Datagrid, FunctionField, TextField } from 'react-admin';
import { formatNL } from '@klusmaat/shared-ui/calendar';
import { useAction } from '../api/useAction';
import { useIsAdmin } from '../auth/useMe';
import { QuestionDialog } from '../dialogs/QuestionDialog';
import { DayField } from '../fields/DayField';
import { euro } from '../klussen/format';
import { EmptyList } from '../lists/EmptyList';
import { ListHeader } from '../lists/ListHeader';
import { ResourceList } from '../lists/ResourceList';
import type { Betaalbatch } from './actions';
import { useEigenBedrijven } from './bedrijven';
import { BetaalbestandMaken } from './BetaalbestandMaken';
import { aantal, BATCH_KLEUR } from './format';
import { Onderdelen } from './Onderdelen';

/** The Amsterdam date of a moment (RFC 3339): '27-11-2026'. */
const dagVan = (moment: string) => formatNL(moment, 'dd-MM-yyyy');

/** A batch as one phrase, for a button's name and the question. */
const batchTekst = (b: Betaalbatch) => `betaalbatch ${b.bericht_id} (${aantal(b.aantal, 'uitbetaling', 'uitbetalingen')}, ${euro(b.totaal_cents)})`;

/**
 * 'Betaalbatches' (D31), /admin/betaalbatches and /franchise/betaalbatches: make a payment file of
 * a business's approved statements, and the batches made before (newest first, D25), each with its
 * file ('Betaalbestand downloaden', pain.001.001.03 for the bank) and, once the bank has carried it
 * out, 'Uitgevoerd door de bank' after a question: its statements are then paid.
 */
export default function BetaalbatchList() {
  const admin = useIsAdmin();
  const { bedrijven } = useEigenBedrijven();
  const [bevestigen, setBevestigen] = useState<Betaalbatch | null>(null);
  const lijstKop = useRef<HTMLHeadingElement>(null);
  // Once confirmed, its button is gone: the focus goes to the list's heading, the toast says what was done.
  const bevestigd = () => {
    setBevestigen(null);
    setTimeout(() => lijstKop.current?.focus(), 0);
  };
  return (
    <>
      <ResourceList title="Betaalbatches" failure="Kon betaalbatches niet laden" sort={{ field: 'created_at', order: 'DESC' }} actions={false}>
        <ListHeader title="Betaalbatches" grid>
          <Onderdelen huidig="betaalbatches" />
          <BetaalbestandMaken bedrijven={bedrijven} admin={admin} />
          <Typography variant="h5" component="h2" ref={lijstKop} tabIndex={-1} sx={{ '&:focus-visible': { outline: '3px solid #0f2d52', outlineOffset: 2 } }}>
            Gemaakte betaalbestanden
          </Typography>
        </ListHeader>
        <Datagrid
          bulkActionButtons={false}
          rowClick={false}
          // Fewer, fuller columns: the actions stay in view at 1280 px with the business shown too.
          sx={{ '& .MuiTableCell-root': { px: 0.75 }, '& .column-uitgever_naam': { minWidth: 150 } }}
          empty={<EmptyList none="Nog geen betaalbestanden gemaakt." filtered="Geen betaalbatches gevonden." />}
        >
          <FunctionField<Betaalbatch>
            source="created_at"
            label="Betaalbestand"
            render={(b) => (
              <>
                {b.bericht_id}
                <Typography component="span" variant="body2" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
                  gemaakt {dagVan(b.created_at)}
                </Typography>
              </>
            )}
          />
          {/* A franchise owner pays from its own business only: the column would say the same on every row. */}
          {admin && <TextField source="uitgever_naam" label="Bedrijf" sortable={false} />}
          <DayField source="uitvoerdatum" label="Uitvoerdatum" />
          <FunctionField<Betaalbatch>
            source="totaal_cents"
            label="Totaal"
            render={(b) => (
              <>
                <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                  {euro(b.totaal_cents)}
                </Box>
                <Typography component="span" variant="body2" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
                  {aantal(b.aantal, 'uitbetaling', 'uitbetalingen')}
                </Typography>
              </>
            )}
          />
          <FunctionField<Betaalbatch>
            label="Staat"
            sortable={false}
            render={(b) => (
              <>
                <Chip label={b.status === 'uitgevoerd' ? 'Uitgevoerd' : 'Aangemaakt'} color={BATCH_KLEUR[b.status] ?? 'default'} sx={{ fontWeight: 700 }} />
                {b.uitgevoerd_at !== null && (
                  <Typography component="span" variant="body2" sx={{ display: 'block', mt: 0.5, whiteSpace: 'nowrap' }}>
                    op {dagVan(b.uitgevoerd_at)}
                  </Typography>
                )}
              </>
            )}
          />
          <FunctionField<Betaalbatch>
            label="Acties"
            sortable={false}
            render={(b) => (
              <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.75, alignItems: 'flex-start' }}>
                <Button
                  component={Link}
                  href={b.download}
                  download
                  variant="outlined"
                  startIcon={<DownloadIcon />}
                  aria-label={`Betaalbestand downloaden: ${batchTekst(b)}`}
                >
                  Betaalbestand downloaden
                </Button>
                {b.status === 'aangemaakt' && (
                  <Button variant="contained" onClick={() => setBevestigen(b)} aria-label={`Uitgevoerd door de bank: ${batchTekst(b)}`}>
                    Uitgevoerd door de bank
                  </Button>
                )}
              </Box>
            )}
          />
        </Datagrid>
      </ResourceList>
      {bevestigen !== null && <UitgevoerdDialog batch={bevestigen} onClose={() => setBevestigen(null)} onDone={bevestigd} />}
    </>
  );
}

/** 'Uitgevoerd door de bank', asked first: it pays the batch's statements and cannot be undone. */
export function UitgevoerdDialog({ batch, onClose, onDone }: { batch: Betaalbatch; onClose: () => void; onDone: () => void }) {
  const bevestig = useAction('bevestigBetaalbatch');
  const ja = async () => {
    const answer = await bevestig.run({ id: batch.id });
    if (answer !== null) onDone();
  };
  return (
    <QuestionDialog
      id="uitgevoerd"
      title="Heeft de bank de betalingen uitgevoerd?"
      confirm="Ja, uitgevoerd"
      pending={bevestig.isPending}
      onConfirm={() => void ja()}
      onClose={onClose}
    >
      <Typography>
        Bevestig dit pas als u bij de bank ziet dat {batchTekst(batch)} is uitgevoerd. Daarna staan de uitbetalingen van deze batch op &lsquo;Uitbetaald&rsquo;.
        Dit kan niet ongedaan worden gemaakt.
      </Typography>
    </QuestionDialog>
  );
}
