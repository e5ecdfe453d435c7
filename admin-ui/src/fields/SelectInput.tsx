import { useMemo } from 'react';
import { I18nContext, SelectInput as RaSelectInput, useI18nProvider, type I18nProvider, type SelectInputProps } from 'react-admin';

/** The key react-admin names a select's empty option by ('Veld leegmaken'), whatever it shows. */
const CLEAR_KEY = 'ra.action.clear_input_value';

/**
 * react-admin's SelectInput, with the empty option named by what it shows. react-admin gives that
 * option the accessible name 'Veld leegmaken' (and the same tooltip) while it shows emptyText
 * ('Alle', 'Alle statussen'), so a screen reader says something other than what is seen (WCAG
 * 2.5.3, label in name). Here that one translation says the option's own text. The console imports
 * SelectInput from this file only (eslint.config.js refuses react-admin's).
 */
export function SelectInput(props: SelectInputProps) {
  const i18n = useI18nProvider();
  const { emptyText } = props;
  const shown = typeof emptyText === 'string' && emptyText !== '' ? i18n.translate(emptyText, { _: emptyText }) : null;
  const named = useMemo<I18nProvider>(
    () => (shown === null ? i18n : { ...i18n, translate: (key, options) => (key === CLEAR_KEY ? shown : i18n.translate(key, options)) }),
    [i18n, shown],
  );
  // A resettable select has a clear button as well, which 'Veld leegmaken' names rightly.
  if (shown === null || props.resettable) return <RaSelectInput {...props} />;
  return (
    <I18nContext.Provider value={named}>
      <RaSelectInput {...props} />
    </I18nContext.Provider>
  );
}
