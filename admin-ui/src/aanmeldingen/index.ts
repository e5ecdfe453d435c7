import AanmeldingenIcon from '@mui/icons-material/HowToReg';
import { lazy } from 'react';

/**
 * Handyman applications from /word-klusser: /admin/klusser-aanmeldingen (the resource's name is
 * that address; the dataProvider asks the API's aanmeldingen collection).
 */
export default {
  list: lazy(() => import('./AanmeldingList')),
  // The application at /admin/klusser-aanmeldingen/{id}: react-admin's record page.
  edit: lazy(() => import('./AanmeldingPage')),
  icon: AanmeldingenIcon,
  recordRepresentation: 'naam',
};
