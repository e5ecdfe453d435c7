import KlussersIcon from '@mui/icons-material/Engineering';
import { lazy } from 'react';

/** Handymen: /admin/klussers and /franchise/klussers (a franchise owner sees those of his regions). */
export default {
  list: lazy(() => import('./KlusserList')),
  icon: KlussersIcon,
  recordRepresentation: 'naam',
};
