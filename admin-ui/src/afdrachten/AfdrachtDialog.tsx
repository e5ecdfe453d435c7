import { Box, Chip, Typography } from '@mui/material';
import { useApiData } from '../api/useApiData';
import { DetailDialog } from '../dialogs/DetailDialog';
import { PdfLink } from '../dialogs/PdfLink';
import { STAAT_KLEUR, staatTekst } from '../facturen/staat';
import { Facts } from '../fields/Facts';
import { euro } from '../klussen/format';
import { percentageTekst, type Afdracht } from './actions';
import { maandTekst } from '@klusmaat/shared-ui/week';

/** The fee invoice's state as a chip ('Openstaand', 'Betaald', ...), as the invoices list says it. */
export function FactuurStaat({ staat }: { staat: string | null }) {
  if (staat === null) return null;
  return <Chip label={staatTekst(staat)} color={STAAT_KLEUR[staat] ?? 'default'} sx={{ fontWeight: 700, height: 'auto', py: 0.5, '& .MuiChip-label': { whiteSpace: 'normal' } }} />;
}

/**
 * One fee statement (D32): the month's revenue excluding VAT (credits deducted), the region's
 * percentage then, the fee, the central business's invoice for it with its state and PDF, and
 * the invoice numbers the revenue counts.
 */
export function AfdrachtDialog({ id, titel, onClose }: { id: string; titel: string; onClose: () => void }) {
  const { data: a, failed } = useApiData<Afdracht>(`/api/v1/afdrachten/${encodeURIComponent(id)}`);
  return (
    <DetailDialog
      id="afdracht-title"
      title={titel}
      loading={a === undefined && !failed ? 'Afdracht wordt geladen…' : null}
      failure={a === undefined && failed ? 'Kon deze afdracht niet laden.' : null}
      contentSx={{ display: 'grid', gap: 3 }}
      onClose={onClose}
      actions={a?.pdf && <PdfLink href={a.pdf}>PDF van factuur {a.factuurnummer}</PdfLink>}
    >
      {a !== undefined && (
        <>
          <Facts
            rows={[
              ['Bedrijf', a.uitgever_naam],
              ['Maand', maandTekst(a.maand)],
              ['Omzet excl. btw', euro(a.omzet_cents)],
              ['Percentage', `${percentageTekst(a.percentage)}%`],
              ['Afdracht excl. btw', <strong key="bedrag">{euro(a.bedrag_cents)}</strong>],
              [
                'Factuur',
                a.factuurnummer === null ? (
                  'Nog niet gemaakt'
                ) : (
                  <Box key="factuur" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                    {a.factuurnummer}
                    <FactuurStaat staat={a.factuur_staat} />
                  </Box>
                ),
              ],
              ...(a.totaal_cents !== null ? ([['Factuurbedrag incl. 21% btw', euro(a.totaal_cents)]] as [string, string][]) : []),
              ...(a.open_cents !== null ? ([['Nog te betalen', euro(a.open_cents)]] as [string, string][]) : []),
            ]}
          />
          <Box component="section" aria-labelledby="afdracht-facturen">
            <Typography id="afdracht-facturen" variant="h6" component="h3" gutterBottom>
              Facturen van de maand ({a.facturen.length})
            </Typography>
            {a.facturen.length === 0 ? (
              <Typography>Geen facturen in deze maand.</Typography>
            ) : (
              <Box component="ul" sx={{ m: 0, pl: 3, columnWidth: '11rem', columnGap: 3 }} data-testid="afdracht-facturen">
                {a.facturen.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </Box>
            )}
          </Box>
        </>
      )}
    </DetailDialog>
  );
}
