import PaymentsIcon from '@mui/icons-material/Payments';
import { lazy } from 'react';

/**
 * Paying klussers (D31): /admin/uitbetalingen and /franchise/uitbetalingen, the monthly statements
 * to check and approve. Its second part, the payment files, is the resource below.
 */
export default {
  list: lazy(() => import('./UitbetalingList')),
  icon: PaymentsIcon,
  options: { label: 'Uitbetalingen' },
};

/**
 * The SEPA batches (D31): /admin/betaalbatches and /franchise/betaalbatches, reached from the
 * Uitbetalingen page (its second part, uitbetalingen/Onderdelen.tsx), not from a menu item of its
 * own: the menu keeps 'Uitbetalingen' marked on it (App.tsx).
 */
export const betaalbatches = {
  list: lazy(() => import('./BetaalbatchList')),
  icon: PaymentsIcon,
  options: { label: 'Betaalbatches', menu: false },
};
