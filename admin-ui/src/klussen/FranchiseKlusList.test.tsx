import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { startConsole } from '../test/startConsole';
import { ID, rij } from './testFixtures';

const matchMedia = window.matchMedia;

afterEach(() => {
  window.matchMedia = matchMedia;
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A screen narrower than MUI's sm breakpoint (600 px): every max-width query matches. */
function phone() {
  window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: query.includes('max-width') });
}

describe("the franchise owner's jobs on a phone", () => {
  it('shows one line per job that opens its page, instead of the wide table', async () => {
    phone();
    startConsole('/franchise/klussen', { 'GET /api/v1/klussen': { body: { data: [rij()], total: 1 } } }, 'franchise');
    const link = (await screen.findByText('Lamp ophangen')).closest('a') as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe(`/franchise/klussen/${ID}`);
    expect(within(link).getByText('26-11-2026 · Voorburg')).toBeTruthy();
    expect(within(link).getByText('Open')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
