import FacturenIcon from '@mui/icons-material/ReceiptLong';
import { lazy } from 'react';

/** Invoices: /admin/facturen. */
export default {
  list: lazy(() => import('./FactuurList')),
  icon: FacturenIcon,
  recordRepresentation: 'factuurnummer',
};
