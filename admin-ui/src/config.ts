/**
 * Console configuration (D19): brand, phone and e-mail, filled in by the Go server at serve time
 * into <meta name="klusmaat-config">. The portal's module is the one implementation; the console
 * uses its reading functions.
 */
export { readConfig } from '@klusmaat/shared-ui/config';
