/**
 * portal-ui and admin-ui are separate npm projects, so the sign-in logic that both need is kept
 * as identical copies (src/auth/*.ts and src/test/authFixtures.ts) instead of a shared package.
 * This test fails as soon as one copy changes without the other. It is skipped when the other
 * app is not next to this one (e.g. one app built on its own).
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

export const SHARED_FILES = [
  'auth/api.ts',
  'auth/browser.ts',
  'auth/guard.ts',
  'auth/kratos.ts',
  'auth/kratosMessages.ts',
  'auth/login.ts',
  'auth/logout.ts',
  'auth/roles.ts',
  'auth/texts.ts',
  'auth/toastStore.ts',
  'auth/useAccessGuard.ts',
  'auth/useSignIn.ts',
  'auth/api.test.ts',
  'auth/guard.test.ts',
  'auth/kratos.test.ts',
  'auth/kratosMessages.test.ts',
  'auth/login.test.ts',
  'auth/roles.test.ts',
  'auth/shared.test.ts',
  'test/authFixtures.ts',
] as const;

const src = resolve(import.meta.dirname, '..');
const app = basename(resolve(src, '..'));
const otherSrc = resolve(src, '..', '..', app === 'portal-ui' ? 'admin-ui' : 'portal-ui', 'src');

describe.skipIf(!existsSync(otherSrc))('sign-in code shared with the other app', () => {
  it.each(SHARED_FILES)('%s is identical in portal-ui and admin-ui', (file) => {
    expect(readFileSync(resolve(src, file), 'utf8')).toBe(readFileSync(resolve(otherSrc, file), 'utf8'));
  });
});
