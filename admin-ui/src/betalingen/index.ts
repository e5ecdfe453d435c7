import BankIcon from '@mui/icons-material/AccountBalance';
import { lazy } from 'react';

/**
 * Bank statements (D30): /admin/bankafschriften and /franchise/bankafschriften. The office reads a
 * business's CAMT.053 file, sees what was booked at once, and confirms, splits or ignores the rest.
 */
export default {
  list: lazy(() => import('./BankafschriftList')),
  icon: BankIcon,
  options: { label: 'Bankafschriften' },
};
