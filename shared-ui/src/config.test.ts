import { describe, expect, it } from 'vitest';
import { defaultConfig, parseConfig, PHONE_TOKEN, prerenderConfig, readConfig, telHref } from './config';

describe('parseConfig', () => {
  it('reads brand, phone and email from valid JSON', () => {
    expect(parseConfig('{"brand":"Klushulp","phone":"010 765 43 21","email":"hallo@klushulp.nl"}')).toEqual({
      brand: 'Klushulp',
      phone: '010 765 43 21',
      email: 'hallo@klushulp.nl',
    });
  });

  it.each([null, undefined, '', '   ', '{not json', '[1,2]', '"Klusmaat"', 'null', '42'])(
    'falls back to the defaults for %j',
    (content) => {
      expect(parseConfig(content)).toEqual(defaultConfig);
    },
  );

  it('falls back per field when a field is missing, empty or not a string', () => {
    expect(parseConfig('{"brand":"","phone":12345,"email":"x@y.nl"}')).toEqual({
      brand: 'Klusmaat',
      phone: '070 123 45 67',
      email: 'x@y.nl',
    });
  });

  it('reads the meta tag of a document, with HTML entities already decoded', () => {
    const doc = document.implementation.createHTMLDocument('t');
    doc.head.innerHTML =
      '<meta name="klusmaat-config" content="{&quot;brand&quot;:&quot;Klus &amp; Co&quot;}">';
    expect(readConfig(doc).brand).toBe('Klus & Co');
    expect(readConfig(doc).phone).toBe(defaultConfig.phone);
  });
});

describe('telHref', () => {
  it('keeps only digits and a leading plus', () => {
    expect(telHref('070 123 45 67')).toBe('tel:0701234567');
    expect(telHref('+31 70-123 45 67')).toBe('tel:+31701234567');
  });
});

describe('prerender placeholders', () => {
  it('renders with the tokens the Go server replaces, and a tel: token for the phone', () => {
    expect(prerenderConfig).toEqual({ brand: '%%KLUSMAAT_BRAND%%', phone: '%%KLUSMAAT_PHONE%%', email: '%%KLUSMAAT_EMAIL%%' });
    expect(telHref(PHONE_TOKEN)).toBe('tel:%%KLUSMAAT_PHONE_TEL%%');
  });
});
