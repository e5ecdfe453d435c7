import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { HttpError, Title, useBasename } from 'react-admin';
import { useRecord } from '../api/useRecord';
import { Link, useParams } from 'react-router-dom';
import { KlusDetails } from './KlusDetailDialog';
import type { Klus } from './types';

/**
 * One job on its own page, read-only: /franchise/klussen/{id} (Franchise jobs). A job of another
 * region is 'Klus niet gevonden', the same as one that does not exist (row-level security).
 */
export default function KlusPage() {
  const { id = '' } = useParams();
  const basename = useBasename();
  const { data: klus, error, isPending } = useRecord<Klus>('klussen', id);
  const status = error instanceof HttpError ? error.status : 0;
  const notFound = status === 404 || status === 400;

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2, maxWidth: 900 }}>
      <Title title="Klus" />
      <Box>
        <Button component={Link} to={`${basename}/klussen`} startIcon={<ArrowBackIcon />}>
          Terug naar klussen
        </Button>
      </Box>
      {isPending && <Typography role="status">Klus wordt geladen…</Typography>}
      {error && klus === undefined && (
        <>
          <Typography variant="h4" component="h1">
            {notFound ? 'Klus niet gevonden' : 'Kon klus niet laden'}
          </Typography>
          {!notFound && <Alert severity="error">{error.message || 'Kon klus niet laden'}</Alert>}
        </>
      )}
      {klus !== undefined && (
        <Card>
          <CardContent>
            <Typography variant="h4" component="h1" gutterBottom>
              Klus
            </Typography>
            <KlusDetails klus={klus} beheer={false} />
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
