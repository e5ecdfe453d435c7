import KlantenIcon from '@mui/icons-material/People';
import { lazy } from 'react';

/**
 * Customers: /admin/klanten. Not a table: the API aggregates the jobs per e-mail address (D11),
 * and the address is the record's id.
 */
export default {
  list: lazy(() => import('./KlantList')),
  // The customer card at /admin/klanten/{email}: react-admin's record page.
  edit: lazy(() => import('./KlantCard')),
  icon: KlantenIcon,
  recordRepresentation: 'email',
};
