import KlussenIcon from '@mui/icons-material/Handyman';
import { lazy } from 'react';

/** Jobs: 'Klussen Beheer' at /admin/klussen (a franchise owner there reads its regions' jobs). */
export default {
  list: lazy(() => import('./KlusList')),
  icon: KlussenIcon,
  recordRepresentation: 'beschrijving',
};

/** The franchise owner's jobs: /franchise/klussen, read-only, and one job at /franchise/klussen/{id}. */
export const franchise = {
  list: lazy(() => import('./FranchiseKlusList')),
  // react-admin's record page at /:id (its show page would be /:id/show; the spec says /{id}).
  edit: lazy(() => import('./KlusPage')),
  icon: KlussenIcon,
  recordRepresentation: 'beschrijving',
};
