// ESLint for the portal (npm run lint, part of make test): the recommended JavaScript and
// TypeScript rules everywhere, and the rules of React hooks as errors in the sources, because a
// hook called conditionally or an effect with a missing dependency breaks at run time, not in tsc.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  globalIgnores(['dist/', 'dist-ssr/']),
  { files: ['**/*.{js,mjs,ts,tsx}'], extends: [js.configs.recommended] },
  { files: ['**/*.{ts,tsx}'], extends: [tseslint.configs.recommended] },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // Build scripts and browser tests run in Node; the tests also pass functions to the browser.
  { files: ['*.{js,ts}', 'scripts/**', 'e2e/**'], languageOptions: { globals: globals.node } },
  { files: ['e2e/**'], languageOptions: { globals: globals.browser } },
]);
