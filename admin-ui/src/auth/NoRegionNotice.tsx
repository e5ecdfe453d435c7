import { Alert } from '@mui/material';
import { useBasename } from 'react-admin';
import { useMe } from './useMe';

/**
 * A franchise owner without a region sees empty lists; this says why (document 001 section 8:
 * 'Geen regio toegewezen aan jouw account'). Nothing for admins or owners with a region.
 */
export function NoRegionNotice() {
  const me = useMe();
  const franchise = useBasename() === '/franchise';
  if (!franchise || me === null || me.regions.length > 0) return null;
  return (
    <Alert severity="warning" role="status" sx={{ mx: 2, mt: 2 }}>
      Geen regio toegewezen aan jouw account
    </Alert>
  );
}
