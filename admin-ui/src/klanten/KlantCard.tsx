import { Box, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { useParams } from 'react-router-dom';
import { AvgActions } from './AvgActions';

/**
 * The customer card, /admin/klanten/{email} (document 001 section 2). The customer is the e-mail
 * address (D11); this page carries the customer's AVG rights (issue 16).
 */
export default function KlantCard() {
  const { id = '' } = useParams();
  const email = decodeURIComponent(id);
  return (
    <Box sx={{ p: 2, maxWidth: 900 }}>
      <Title title={`Klant ${email}`} />
      <Typography variant="h5" component="h1" gutterBottom>
        Klant {email}
      </Typography>
      <AvgActions email={email} />
    </Box>
  );
}
