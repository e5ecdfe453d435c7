import AfdrachtIcon from '@mui/icons-material/AccountBalanceWallet';
import { lazy } from 'react';

/** The franchise fee (D32): /admin/afdrachten (every business's) and /franchise/afdrachten (the owner's own). */
export default {
  list: lazy(() => import('./AfdrachtList')),
  icon: AfdrachtIcon,
  options: { label: 'Afdrachten' },
};
