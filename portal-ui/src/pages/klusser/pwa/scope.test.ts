// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isCacheableShell, isShellNavigation } from './scope';

const ORIGIN = 'https://klusmaat.nl';
const nav = (path: string, mode = 'navigate') => isShellNavigation(new URL(path, ORIGIN), mode, ORIGIN);

describe('what the service worker answers', () => {
  it('serves the app shell for klusser pages only', () => {
    expect(nav('/klusser/dashboard')).toBe(true);
    expect(nav('/klusser/plan-klus/42?wijzig=true')).toBe(true);
    expect(nav('/')).toBe(false);
    expect(nav('/klussers')).toBe(false);
    expect(nav('/aanvraag')).toBe(false);
  });

  it('never answers the API or the identity proxy, nor anything that is not a page load', () => {
    expect(nav('/api/v1/klusser/pool', 'cors')).toBe(false);
    expect(nav('/api/v1/events', 'cors')).toBe(false);
    expect(nav('/.ory/self-service/login/browser')).toBe(false);
    expect(nav('/klusser/dashboard', 'cors')).toBe(false);
    expect(isShellNavigation(new URL('https://elders.nl/klusser/dashboard'), 'navigate', ORIGIN)).toBe(false);
  });

  it('keeps only a page that loaded fine as the offline shell', () => {
    const answer = (status: number, type: string) => ({ status, headers: new Headers({ 'Content-Type': type }) });
    expect(isCacheableShell(answer(200, 'text/html; charset=utf-8'))).toBe(true);
    expect(isCacheableShell(answer(404, 'text/html; charset=utf-8'))).toBe(false);
    expect(isCacheableShell(answer(200, 'application/json'))).toBe(false);
  });
});
