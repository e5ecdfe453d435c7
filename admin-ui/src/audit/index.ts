import HistoryIcon from '@mui/icons-material/History';
import { lazy } from 'react';

/** The audit log (D22): /admin/audit, admins only. */
export default {
  list: lazy(() => import('./AuditList')),
  icon: HistoryIcon,
};
