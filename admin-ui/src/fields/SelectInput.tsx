import { useMemo } from 'react';
import { I18nContext, SelectInput as RaSelectInput, useI18nProvider, type I18nProvider, type SelectInputProps } from 'react-admin';

/** The key react-admin names a select's empty option by ('Veld leegmaken'), whatever it shows. */
const CLEAR_KEY = 'ra.action.clear_input_value';

/**
 * react-admin's SelectInput as the console wants it, where a select has an empty option with a
 * text ('Alle', 'Alle statussen'):
 * - that option is named by what it shows. react-admin gives it the accessible name (and tooltip)
 *   'Veld leegmaken', so a screen reader says something other than what is seen (WCAG 2.5.3,
 *   label in name); here that one translation says the option's own text;
 * - the field shows that text when nothing is chosen, with its label above it. Otherwise the label
 *   sits in an empty field as wide as its arrow and runs into it ('Handtekening'), and nobody sees
 *   that the filter stands on 'Alle'.
 * The console imports SelectInput from this file only (eslint.config.js refuses react-admin's).
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
  const slotProps = (props as { slotProps?: Record<string, object> }).slotProps ?? {};
  return (
    <I18nContext.Provider value={named}>
      <RaSelectInput
        {...props}
        {...{
          slotProps: {
            ...slotProps,
            inputLabel: { shrink: true, ...slotProps['inputLabel'] },
            select: { displayEmpty: true, ...slotProps['select'] },
          },
        }}
      />
    </I18nContext.Provider>
  );
}
