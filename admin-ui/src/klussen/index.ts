import KlussenIcon from '@mui/icons-material/Handyman';
import { lazy } from 'react';

/** Jobs: /admin/klussen and /franchise/klussen (a franchise owner sees the jobs of his regions). */
export default {
  list: lazy(() => import('./KlusList')),
  icon: KlussenIcon,
  recordRepresentation: 'beschrijving',
};
