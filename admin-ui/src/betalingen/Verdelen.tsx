import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { useId, useRef, useState } from 'react';
import { errorFields } from '../api/action';
import { useAction } from '../api/useAction';
import { euro } from '../klussen/format';
import { euroNaarCenten } from '../facturen/bedrag';
import type { Bankpost, Deel } from './actions';

type Voorstel = Bankpost['voorstellen'][number];

/**
 * What the shares typed so far come to: the shares in cents (an empty field is no share), the
 * fields that are not an amount, and what is left to divide of the entry.
 */
export function telOp(bedragCents: number, invoer: Record<string, string>): { delen: Deel[]; ongeldig: string[]; rest: number } {
  const delen: Deel[] = [];
  const ongeldig: string[] = [];
  let som = 0;
  for (const [factuurId, tekst] of Object.entries(invoer)) {
    if (tekst.trim() === '') continue;
    const cents = euroNaarCenten(tekst);
    if (cents === undefined) {
      ongeldig.push(factuurId);
      continue;
    }
    if (cents === 0) continue;
    delen.push({ factuur_id: factuurId, bedrag_cents: cents });
    som += cents;
  }
  return { delen, ongeldig, rest: bedragCents - som };
}

/**
 * 'Verdelen': one entry booked over several of its likely invoices (a customer who paid two
 * invoices at once). An amount field per invoice, and live what is left to divide; the shares
 * must add up to the entry exactly, and each may not exceed what its invoice has open. The form
 * says so before anything is sent; the server checks the same ('Verdeel precies het bedrag …').
 */
export function Verdelen({ post, onKlaar, onAnnuleren }: { post: Bankpost; onKlaar: (p: Bankpost) => void; onAnnuleren: () => void }) {
  const bevestig = useAction('bevestigBankpost');
  const id = useId();
  const foutRef = useRef<HTMLDivElement>(null);
  const [invoer, setInvoer] = useState<Record<string, string>>(() => Object.fromEntries(post.voorstellen.map((v) => [v.factuur_id, ''])));
  const [fout, setFout] = useState<string | null>(null);
  const [veldFout, setVeldFout] = useState<Record<string, string>>({});
  const { delen, ongeldig, rest } = telOp(post.bedrag_cents, invoer);

  const boeken = async () => {
    setFout(null);
    const velden: Record<string, string> = {};
    for (const f of ongeldig) velden[f] = 'Vul een bedrag in euro in, bijvoorbeeld 12,34.';
    for (const d of delen) {
      const v = post.voorstellen.find((x) => x.factuur_id === d.factuur_id);
      if (v !== undefined && d.bedrag_cents > v.open_cents) velden[d.factuur_id] = `Meer dan wat op deze factuur openstaat (${euro(v.open_cents)}).`;
    }
    setVeldFout(velden);
    let melding: string | null = null;
    if (Object.keys(velden).length > 0) melding = 'Controleer de gemarkeerde bedragen.';
    else if (delen.length === 0) melding = 'Vul in hoeveel er op elke factuur geboekt wordt.';
    else if (rest !== 0) melding = `Verdeel precies ${euro(post.bedrag_cents)} over de facturen. Nog te verdelen: ${euro(rest)}.`;
    if (melding !== null) {
      setFout(melding);
      setTimeout(() => foutRef.current?.focus(), 0);
      return;
    }
    try {
      const answer = await bevestig.run({ id: post.id, verdeling: delen }, { rethrow: true });
      if (answer !== null) onKlaar(answer.data);
    } catch (e) {
      const f = errorFields(e);
      setFout(f['verdeling'] ?? (e instanceof Error && e.message !== '' ? e.message : 'Kon de bijschrijving niet boeken.'));
      setTimeout(() => foutRef.current?.focus(), 0);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      aria-labelledby={`${id}-titel`}
      onSubmit={(e) => {
        e.preventDefault();
        void boeken();
      }}
      sx={{ display: 'grid', gap: 2, p: 2, border: 1, borderColor: 'primary.main', borderRadius: 1 }}
    >
      <Typography id={`${id}-titel`} variant="h6" component="h5">
        Verdelen over facturen
      </Typography>
      <Typography>Verdeel {euro(post.bedrag_cents)} over de facturen. Laat een veld leeg als er op die factuur niets geboekt wordt.</Typography>
      {post.voorstellen.map((v: Voorstel) => (
        <TextField
          key={v.factuur_id}
          label={`Bedrag voor factuur ${v.factuurnummer}`}
          value={invoer[v.factuur_id] ?? ''}
          onChange={(e) => setInvoer((i) => ({ ...i, [v.factuur_id]: e.target.value }))}
          error={veldFout[v.factuur_id] !== undefined}
          helperText={veldFout[v.factuur_id] ?? `${v.klant_naam || 'Klant zonder naam'}, open ${euro(v.open_cents)}`}
          slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
          sx={{ maxWidth: 420 }}
        />
      ))}
      <Typography role="status" aria-live="polite" sx={{ fontWeight: 700 }} data-testid="nog-te-verdelen">
        Nog te verdelen: {euro(rest)}
      </Typography>
      {fout !== null && (
        <Alert severity="error" role="alert" ref={foutRef} tabIndex={-1}>
          {fout}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" size="large" disabled={bevestig.isPending}>
          Verdeling boeken
        </Button>
        <Button variant="outlined" size="large" onClick={onAnnuleren} disabled={bevestig.isPending}>
          Annuleren
        </Button>
      </Box>
    </Box>
  );
}
