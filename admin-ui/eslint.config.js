// ESLint for the console (npm run lint, part of make test), the same rules as portal-ui's
// eslint.config.js: the recommended JavaScript and TypeScript rules, and the rules of React hooks
// as errors in the sources. The shared code (@klusmaat/shared-ui) is linted in ../shared-ui.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  globalIgnores(['dist/']),
  { files: ['**/*.{js,mjs,ts,tsx}'], extends: [js.configs.recommended] },
  { files: ['**/*.{ts,tsx}'], extends: [tseslint.configs.recommended] },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // react-admin names a select's empty option 'Veld leegmaken' whatever it shows (WCAG 2.5.3):
    // the console's SelectInput names it by its text.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/fields/SelectInput.tsx'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'react-admin', importNames: ['SelectInput'], message: "Use SelectInput from src/fields/SelectInput: its empty option is named by what it shows ('Alle')." }] }],
    },
  },
  { files: ['*.{js,ts}'], languageOptions: { globals: globals.node } },
  // The console's browser tests run in Node and hand functions to the page.
  { files: ['e2e/**'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
]);
