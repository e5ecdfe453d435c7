import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useBasename } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { ActionError, callApi } from '../api/action';
import { KlusDetails } from './KlusDetailDialog';
import type { Klus } from './types';

type Load = { kind: 'loading' } | { kind: 'ok'; klus: Klus } | { kind: 'error'; status: number; message: string };

/**
 * One job on its own page, read-only: /franchise/klussen/{id} (Franchise jobs). A job of another
 * region is 'Klus niet gevonden', the same as one that does not exist (row-level security).
 */
export default function KlusPage() {
  const { id = '' } = useParams();
  const basename = useBasename();
  const [state, setState] = useState<Load>({ kind: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    callApi<Klus>(`/api/v1/klussen/${encodeURIComponent(id)}`, { signal: controller.signal }, 'Kon klus niet laden')
      .then((a) => setState({ kind: 'ok', klus: a.data }))
      .catch((e: unknown) => {
        if (!controller.signal.aborted) {
          setState({ kind: 'error', status: e instanceof ActionError ? e.status : 0, message: e instanceof Error ? e.message : 'Kon klus niet laden' });
        }
      });
    return () => controller.abort();
  }, [id]);

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2, maxWidth: 900 }}>
      <Title title="Klus" />
      <Box>
        <Button component={Link} to={`${basename}/klussen`} startIcon={<ArrowBackIcon />}>
          Terug naar klussen
        </Button>
      </Box>
      {state.kind === 'loading' && <Typography role="status">Klus wordt geladen…</Typography>}
      {state.kind === 'error' && (
        <>
          <Typography variant="h4" component="h1">
            {state.status === 404 || state.status === 400 ? 'Klus niet gevonden' : 'Kon klus niet laden'}
          </Typography>
          {state.status !== 404 && state.status !== 400 && <Alert severity="error">{state.message}</Alert>}
        </>
      )}
      {state.kind === 'ok' && (
        <Card>
          <CardContent>
            <Typography variant="h4" component="h1" gutterBottom>
              Klus
            </Typography>
            <KlusDetails klus={state.klus} beheer={false} onChanged={() => undefined} />
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
