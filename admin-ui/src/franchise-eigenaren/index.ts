import StorefrontIcon from '@mui/icons-material/Storefront';
import { lazy } from 'react';

/** Franchise owners and their regions: /admin/franchise-eigenaren (admins only). */
export default {
  list: lazy(() => import('./EigenaarList')),
  icon: StorefrontIcon,
  recordRepresentation: 'naam',
};
