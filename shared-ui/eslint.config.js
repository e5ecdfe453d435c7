// ESLint for the shared package (npm run lint, part of make test), the same rules as the apps':
// the recommended JavaScript and TypeScript rules, and the rules of React hooks as errors in the
// sources, because a hook called conditionally breaks at run time, not in tsc.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  { files: ['**/*.{js,mjs,ts,tsx}'], extends: [js.configs.recommended] },
  { files: ['**/*.{ts,tsx}'], extends: [tseslint.configs.recommended] },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // The Vite plugin and the configuration files run in Node.
  { files: ['*.{js,ts}'], languageOptions: { globals: globals.node } },
  // The browser tests' helpers (both apps' e2e/ import them) run in Node and hand functions to the page.
  { files: ['e2e/**'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
]);
