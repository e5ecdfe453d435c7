import polyglotI18nProvider from 'ra-i18n-polyglot';
import { dutchMessages } from './i18n/nl';

/** Dutch only; the console has no language switch. */
export const i18nProvider = polyglotI18nProvider(() => dutchMessages, 'nl', [{ locale: 'nl', name: 'Nederlands' }], {
  allowMissing: true,
});
