import { createContext, useContext } from 'react';

/**
 * Site configuration filled in by the Go server at serve time (D19): it writes
 * HTML-escaped JSON into <meta name="klusmaat-config" content="...">.
 */
export interface SiteConfig {
  /** Brand name, shown wherever the specification says {product}. */
  brand: string;
  /** Support phone number as shown to people, e.g. "070 123 45 67". */
  phone: string;
  /** Support e-mail address. */
  email: string;
}

export const defaultConfig: Readonly<SiteConfig> = Object.freeze({
  brand: 'Klusmaat',
  phone: '070 123 45 67',
  email: 'info@klusmaat.nl',
});

export const CONFIG_META_NAME = 'klusmaat-config';

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * Parses the JSON content of the config meta tag. Each field that is missing,
 * empty or not a string falls back to its default; invalid JSON gives the defaults.
 */
export function parseConfig(content: string | null | undefined): SiteConfig {
  if (content == null || content.trim() === '') return { ...defaultConfig };
  let raw: unknown;
  try {
    raw = JSON.parse(content);
  } catch {
    return { ...defaultConfig };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ...defaultConfig };
  const obj = raw as Record<string, unknown>;
  return {
    brand: nonEmptyString(obj['brand']) ?? defaultConfig.brand,
    phone: nonEmptyString(obj['phone']) ?? defaultConfig.phone,
    email: nonEmptyString(obj['email']) ?? defaultConfig.email,
  };
}

/** Reads the configuration from the document's meta tag. */
export function readConfig(doc: Document | undefined = globalThis.document): SiteConfig {
  const meta = doc?.querySelector(`meta[name="${CONFIG_META_NAME}"]`);
  return parseConfig(meta?.getAttribute('content'));
}

/**
 * Placeholders of the prerendered HTML (see scripts/prerender.mjs). The marketing pages are
 * rendered at build time with these as brand, phone and e-mail; the Go server replaces them in
 * every HTML file with the configured values, HTML-escaped. PHONE_TEL_TOKEN becomes the phone
 * number with only digits and "+", exactly what telHref() makes of the real number, so that the
 * page hydrates to identical markup.
 */
export const BRAND_TOKEN = '%%KLUSMAAT_BRAND%%';
export const PHONE_TOKEN = '%%KLUSMAAT_PHONE%%';
export const PHONE_TEL_TOKEN = '%%KLUSMAAT_PHONE_TEL%%';
export const EMAIL_TOKEN = '%%KLUSMAAT_EMAIL%%';

/** The configuration the prerendered pages are rendered with. */
export const prerenderConfig: Readonly<SiteConfig> = Object.freeze({
  brand: BRAND_TOKEN,
  phone: PHONE_TOKEN,
  email: EMAIL_TOKEN,
});

/** Turns a displayed phone number into a tel: URL ("070 123 45 67" -> "tel:0701234567"). */
export function telHref(phone: string): string {
  if (phone === PHONE_TOKEN) return `tel:${PHONE_TEL_TOKEN}`;
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export const ConfigContext = createContext<SiteConfig>(readConfig());

export function useConfig(): SiteConfig {
  return useContext(ConfigContext);
}
