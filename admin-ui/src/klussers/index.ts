import KlussersIcon from '@mui/icons-material/Engineering';
import { lazy } from 'react';

/**
 * Handymen: /admin/klussers and /franchise/klussers (a franchise owner sees those of his regions),
 * one klusser at /{area}/klussers/{id} (react-admin's record page at /:id).
 */
export default {
  list: lazy(() => import('./KlusserList')),
  edit: lazy(() => import('./KlusserPage')),
  icon: KlussersIcon,
  recordRepresentation: 'naam',
};
