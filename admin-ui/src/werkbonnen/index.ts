import WerkbonnenIcon from '@mui/icons-material/Assignment';
import { lazy } from 'react';

/** Work orders: /admin/werkbonnen. */
export default {
  list: lazy(() => import('./WerkbonList')),
  icon: WerkbonnenIcon,
};
