import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useRef } from 'react';
import { useNotify } from 'react-admin';
import type { ResponseBody } from '@klusmaat/shared-ui/api/types';
import { failureText, type ActionAnswer } from '../api/action';
import { useAction } from '../api/useAction';
import type { FotoSlot as Slot } from './actions';

type Detail = ResponseBody<'/api/v1/klussers/{id}'>['data'];

/** Section 9: photos up to 5MB, images only. */
export const MAX_FOTO_BYTES = 5 * 1024 * 1024;

const SLOTS: { slot: Slot; label: string; key: keyof Detail['fotos'] }[] = [
  { slot: 'profiel', label: 'Profielfoto', key: 'profiel' },
  { slot: 'carousel_1', label: 'Carrouselfoto 1', key: 'carousel_1' },
  { slot: 'carousel_2', label: 'Carrouselfoto 2', key: 'carousel_2' },
  { slot: 'carousel_3', label: 'Carrouselfoto 3', key: 'carousel_3' },
];

/**
 * The Website Showcase tab: the profile photo and three carousel photos the public /klussers page
 * shows (D5: public by design). A photo over 5MB or not an image is refused here and again by the
 * server, which judges the content.
 */
export function ShowcaseFotos({ k }: { k: Detail }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <Typography sx={{ gridColumn: '1 / -1' }}>
        {k.zichtbaar_op_website ? 'Deze klusser staat op de website.' : 'Deze klusser staat niet op de website (zet "Zichtbaar op de website" aan in het profiel).'}
      </Typography>
      {SLOTS.map((s) => (
        <FotoSlot key={s.slot} klusserId={k.id} slot={s.slot} label={s.label} url={k.fotos[s.key]} naam={k.naam} />
      ))}
    </Box>
  );
}

function FotoSlot(props: { klusserId: string; slot: Slot; label: string; url: string | null; naam: string }) {
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const uploadFoto = useAction('uploadKlusserFoto');
  const deleteFoto = useAction('deleteKlusserFoto');
  const busy = uploadFoto.isPending || deleteFoto.isPending;
  const params = { id: props.klusserId, slot: props.slot };

  const upload = async (file: File) => {
    if (file.size > MAX_FOTO_BYTES) {
      notify('Bestand mag maximaal 5MB zijn', { type: 'error' });
      return;
    }
    if (!file.type.startsWith('image/')) {
      notify('Fout bij uploaden foto: kies een foto (JPG, PNG of WebP).', { type: 'error' });
      return;
    }
    // mutateAsync, not run: a refusal is said in the server's words ('Bestand mag maximaal 5MB zijn').
    try {
      const a: ActionAnswer<unknown> = await uploadFoto.mutateAsync({ ...params, file });
      notify(a.message || 'Foto geüpload', { type: 'success' });
    } catch (e) {
      notify(failureText(e, 'Fout bij uploaden foto'), { type: 'error' });
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const remove = async () => {
    try {
      const a: ActionAnswer<unknown> = await deleteFoto.mutateAsync(params);
      notify(a.message || 'Foto verwijderd', { type: 'success' });
    } catch (e) {
      notify(failureText(e, 'Fout bij verwijderen foto'), { type: 'error' });
    }
  };

  const inputId = `foto-${props.slot}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={`${inputId}-titel`}>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography id={`${inputId}-titel`} variant="h6" component="h3">
          {props.label}
        </Typography>
        {props.url ? (
          <Box component="img" src={props.url} alt={`${props.label} van ${props.naam}`} sx={{ width: '100%', maxWidth: 320, aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 1 }} />
        ) : (
          <Typography color="text.secondary">Nog geen foto</Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" component="label" htmlFor={inputId} disabled={busy}>
            {props.url ? 'Andere foto kiezen' : 'Foto uploaden'}
            <input
              id={inputId}
              ref={input}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              hidden
              aria-label={`${props.label} uploaden`}
              onChange={(e) => {
                const f = e.target.files?.[0];
                if (f) void upload(f);
              }}
            />
          </Button>
          {props.url && (
            <Button variant="outlined" color="error" disabled={busy} onClick={() => void remove()} aria-label={`Verwijderen: ${props.label}`}>
              Verwijderen
            </Button>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
