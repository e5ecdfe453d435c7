import { describe, expect, it } from 'vitest';
import { defaultConfig, parseConfig, readConfig } from './config';

describe('parseConfig', () => {
  it('reads a valid configuration', () => {
    expect(parseConfig('{"brand":"Klushulp","phone":"010 765 43 21","email":"hallo@klushulp.nl"}')).toEqual({
      brand: 'Klushulp',
      phone: '010 765 43 21',
      email: 'hallo@klushulp.nl',
    });
  });

  it.each([null, '', '{"brand":', 'not json', '[]', 'true'])('falls back to the defaults for %j', (content) => {
    expect(parseConfig(content)).toEqual(defaultConfig);
  });

  it('falls back per field', () => {
    expect(parseConfig('{"brand":"  ","email":"x@y.nl"}')).toEqual({ ...defaultConfig, email: 'x@y.nl' });
  });

  it('reads the meta tag of the document', () => {
    const doc = document.implementation.createHTMLDocument('t');
    doc.head.innerHTML = '<meta name="klusmaat-config" content="{&quot;brand&quot;:&quot;Klushulp&quot;}">';
    expect(readConfig(doc).brand).toBe('Klushulp');
    expect(readConfig(document.implementation.createHTMLDocument('leeg'))).toEqual(defaultConfig);
  });
});
