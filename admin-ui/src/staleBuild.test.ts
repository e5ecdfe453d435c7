import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadOnStaleBuild } from './staleBuild';

/** A window with its own listeners, session storage and a reload that is only counted. */
function fakeWindow() {
  const target = new EventTarget();
  const store = new Map<string, string>();
  const reload = vi.fn();
  const win = {
    addEventListener: target.addEventListener.bind(target),
    sessionStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    },
    location: { reload },
  } as unknown as Window;
  const fail = () => {
    const event = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(event);
    return event.defaultPrevented;
  };
  return { win, reload, fail };
}

describe('reloadOnStaleBuild', () => {
  let clock = 1_000_000;
  beforeEach(() => {
    clock = 1_000_000;
  });

  it('reloads once when a page of an older build cannot be loaded', () => {
    const { win, reload, fail } = fakeWindow();
    reloadOnStaleBuild(win, () => clock);
    expect(fail()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload again within a minute: a second failure is shown, not looped', () => {
    const { win, reload, fail } = fakeWindow();
    reloadOnStaleBuild(win, () => clock);
    fail();
    clock += 30_000;
    expect(fail()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    clock += 31_000;
    expect(fail()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
