import LockIcon from '@mui/icons-material/Lock';
import { Alert, Box, Button, Chip, FormControl, InputLabel, Link, MenuItem, Select, Typography } from '@mui/material';
import { useState } from 'react';
import { useAction } from '../api/useAction';
import { useRecord } from '../api/useRecord';
import { DetailDialog } from '../dialogs/DetailDialog';
import { ddMMyyyy, momentNl } from '../fields/dates';
import { ContactLog } from './ContactLog';
import { OfferteSection } from './OfferteSection';
import { SchouwSection } from './SchouwSection';
import { WerkbonDetails } from '../werkbonnen/WerkbonDetails';
import { toewijzen } from './assign';
import { euro, schatting, toewijzing, vastePrijs } from './format';
import { isStatus, STATUS_LABEL } from './status';
import type { Klus } from './types';
import { useKandidaten } from './useKandidaten';
import { FactList } from '../fields/Facts';

/**
 * The detail dialog of a job (document 001 section 2, Jobs management): everything about it, and
 * for an admin the assignment: directly to a klusser of the job's region, into the pool, or off
 * the klusser (section 4). A finished job shows WERKBON GESLOTEN with its work order, photos and
 * invoice, and offers no reassignment (the server refuses it too).
 */
export function KlusDetailDialog({
  id,
  beheer,
  onClose,
}: {
  id: string;
  /** true for admins: the assignment actions. */
  beheer: boolean;
  onClose: () => void;
}) {
  // An action on the job (api/useAction.ts) invalidates 'klussen': this record and the list under
  // the dialog are read again, so both show the change.
  const { data: klus, error, isPending } = useRecord<Klus>('klussen', id);

  return (
    <DetailDialog
      id="klus-detail-title"
      title="Klusdetails"
      loading={isPending ? 'Klus wordt geladen…' : null}
      failure={error ? error.message || 'Fout bij laden van gegevens' : null}
      onClose={onClose}
    >
      {klus && <KlusDetails klus={klus} beheer={beheer} />}
    </DetailDialog>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <Box component="dt" sx={{ fontWeight: 700 }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0 }}>
        {children}
      </Box>
    </>
  );
}

/**
 * Everything about one job. With `beheer` (admins) the assignment actions and the full work order;
 * without (franchise owners, read-only) the work order's and invoice's state in one line each.
 */
export function KlusDetails({ klus, beheer }: { klus: Klus; beheer: boolean }) {
  const status = isStatus(klus.status) ? STATUS_LABEL[klus.status] : klus.status;
  const klant = [klus.klant_voornaam, klus.klant_achternaam].filter(Boolean).join(' ') || klus.naam;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="h6" component="h3" sx={{ mr: 1 }}>
          {klus.categorie_label}: {klus.beschrijving}
        </Typography>
        <Chip label={`Status: ${status}`} />
        {klus.archived && <Chip label="Gearchiveerd" variant="outlined" />}
        {klus.werkbon_gesloten && <Chip icon={<LockIcon />} label="WERKBON GESLOTEN" color="success" sx={{ fontWeight: 700 }} />}
      </Box>
      <FactList>
        <Fact label="Datum en tijd">
          {ddMMyyyy(klus.datum)} · {klus.tijd}
        </Fact>
        <Fact label="Regio">{klus.regio_naam}</Fact>
        <Fact label="Adres">
          {klus.adres}, {klus.postcode} {klus.woonplaats}
        </Fact>
        <Fact label="Klant">{klant}</Fact>
        <Fact label="Telefoon">{klus.telefoon}</Fact>
        <Fact label="E-mail">{klus.email || '—'}</Fact>
        {/* Once the customer accepted a quote its fixed price is the job's price, not the estimate (D26). */}
        {klus.vaste_prijs ? (
          <Fact label="Vaste prijs">{vastePrijs(klus.vaste_prijs)}</Fact>
        ) : (
          <Fact label="Schatting">{schatting(klus.geschat_tarief_cents, klus.geschatte_duur)}</Fact>
        )}
        <Fact label="Toewijzing">{toewijzing(klus)}</Fact>
        {klus.geplande_start_tijd && <Fact label="Gepland">{momentNl(klus.geplande_start_tijd)}</Fact>}
        <Fact label="Notities">{klus.klusser_notities || '—'}</Fact>
      </FactList>
      <ContactLog klusId={klus.id} />
      <SchouwSection klusId={klus.id} planbaar={klus.status === 'open'} heeftEmail={klus.email !== ''} />
      <OfferteSection klusId={klus.id} bewerkbaar={klus.status !== 'afgerond'} heeftEmail={klus.email !== ''} uurtariefCents={klus.geschat_tarief_cents} />
      {klus.werkbon_gesloten ? (
        <Gesloten klus={klus} beheer={beheer} />
      ) : (
        beheer && <Toewijzen klus={klus} />
      )}
    </Box>
  );
}

/** A finished job: its closed work order (items, photos, signature) and its invoice. */
function Gesloten({ klus, beheer }: { klus: Klus; beheer: boolean }) {
  return (
    <Box component="section" aria-labelledby="werkbon-title" sx={{ display: 'grid', gap: 1 }}>
      <Alert severity="info" icon={<LockIcon />}>
        Deze klus is afgerond: de werkbon is gesloten en de klus kan niet opnieuw worden toegewezen.
      </Alert>
      <Typography id="werkbon-title" variant="h6" component="h3">
        Werkbon
      </Typography>
      {klus.werkbon && beheer && <WerkbonDetails id={klus.werkbon.id} />}
      {klus.werkbon && !beheer && (
        <Typography>
          {klus.werkbon.status === 'completed' ? 'Afgerond' : 'Lopend'}, {klus.werkbon.ondertekend ? 'ondertekend' : 'niet ondertekend'}
          {klus.werkbon.uren === null ? '' : `, ${klus.werkbon.uren} uur`}
        </Typography>
      )}
      {!klus.werkbon && <Typography>Geen werkbon gevonden.</Typography>}
      {!beheer && klus.factuur && (
        <Typography>
          Factuur {klus.factuur.factuurnummer}: {euro(klus.factuur.totaal_bedrag_cents)}, {klus.factuur.betaald ? 'betaald' : 'niet betaald'}
        </Typography>
      )}
      {beheer && !klus.werkbon && klus.factuur && (
        <Typography>
          Factuur {klus.factuur.factuurnummer} · {euro(klus.factuur.totaal_bedrag_cents)} ·{' '}
          <Link href={`/api/v1/facturen/${klus.factuur.id}/pdf`} target="_blank" rel="noopener">
            Factuur openen (PDF)
          </Link>
        </Typography>
      )}
    </Box>
  );
}

/** Assign directly, place in the pool, or take the klusser off (document 001 section 4). */
function Toewijzen({ klus }: { klus: Klus }) {
  const { klussers, error } = useKandidaten(klus.regio);
  const [keuze, setKeuze] = useState('');
  const assign = useAction('assignKlus');
  const pool = useAction('poolKlus');
  const unassign = useAction('unassignKlus');
  const bezig = assign.isPending || pool.isPending || unassign.isPending;

  return (
    <Box component="section" aria-labelledby="toewijzen-title" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id="toewijzen-title" variant="h6" component="h3">
        Toewijzing
      </Typography>
      {error !== null && <Alert severity="error">{error}</Alert>}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <FormControl sx={{ minWidth: 260 }}>
          <InputLabel id="kies-klusser-label">Klusser uit {klus.regio_naam}</InputLabel>
          <Select
            labelId="kies-klusser-label"
            label={`Klusser uit ${klus.regio_naam}`}
            value={keuze}
            onChange={(e) => setKeuze(e.target.value)}
          >
            {(klussers ?? []).map((k) => (
              <MenuItem key={k.id} value={k.id}>
                {k.naam} ({k.woonplaats})
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Button
          variant="contained"
          size="large"
          disabled={bezig || keuze === ''}
          onClick={() => void toewijzen(assign.run, klus.id, keuze)}
        >
          Direct toewijzen
        </Button>
      </Box>
      {klussers !== null && klussers.length === 0 && (
        <Typography>{klus.regio_naam} heeft geen actieve klussers.</Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <Button variant="outlined" size="large" disabled={bezig} onClick={() => void pool.run({ id: klus.id })}>
          In pool plaatsen
        </Button>
        {(klus.klusser_id !== null || klus.assignment_type !== null) && (
          <Button variant="outlined" size="large" color="warning" disabled={bezig} onClick={() => void unassign.run({ id: klus.id })}>
            Toewijzing verwijderen
          </Button>
        )}
      </Box>
    </Box>
  );
}
