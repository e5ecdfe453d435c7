// @vitest-environment node
import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import { dutchMessages } from './i18n/nl';
import { i18nProvider } from './i18nProvider';

function flatKeys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? flatKeys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('i18nProvider', () => {
  it('uses Dutch as its only locale', () => {
    expect(i18nProvider.getLocale()).toBe('nl');
  });

  it.each([
    ['ra.action.save', 'Opslaan'],
    ['ra.action.delete', 'Verwijderen'],
    ['ra.action.cancel', 'Annuleren'],
    ['ra.auth.logout', 'Uitloggen'],
    ['ra.page.dashboard', 'Dashboard'],
    ['ra.page.not_found', 'Niet gevonden'],
    ['ra.boolean.true', 'Ja'],
    ['ra.navigation.skip_nav', 'Naar de inhoud'],
  ])('translates %s to "%s"', (key, dutch) => {
    expect(i18nProvider.translate(key)).toBe(dutch);
  });

  it('interpolates and pluralises', () => {
    expect(i18nProvider.translate('ra.navigation.page_range_info', { offsetBegin: 1, offsetEnd: 25, total: 40 })).toBe(
      '1-25 van 40',
    );
    expect(i18nProvider.translate('ra.action.bulk_actions', { smart_count: 1 })).toBe('1 item geselecteerd');
    expect(i18nProvider.translate('ra.action.bulk_actions', { smart_count: 3 })).toBe('3 items geselecteerd');
  });

  it('has a Dutch text for every ra.* key of react-admin 5', () => {
    const missing = flatKeys(englishMessages).filter((key) => !flatKeys(dutchMessages).includes(key));
    expect(missing).toEqual([]);
  });

  it('has no English text left for keys whose English is not also Dutch', () => {
    const english = new Map(
      flatKeys(englishMessages).map((key) => [key, key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], englishMessages)]),
    );
    const untranslated = flatKeys(dutchMessages).filter((key) => {
      const nl = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], dutchMessages);
      return nl === english.get(key) && !/^(Dashboard|Details|%\{name\}|%\{name\} %\{recordRepresentation\}| |%\{offsetBegin\}-%\{offsetEnd\}.*|Datagrid|Inspector)$/.test(String(nl));
    });
    expect(untranslated).toEqual([]);
  });
});
