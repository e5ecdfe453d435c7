/**
 * Console configuration filled in by the Go server at serve time (D19): it writes
 * HTML-escaped JSON into <meta name="klusmaat-config" content="...">.
 * Same contract as portal-ui/src/config.ts.
 */
export interface SiteConfig {
  brand: string;
  phone: string;
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

/** Parses the meta tag's JSON; invalid JSON or a bad field falls back to the defaults. */
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
