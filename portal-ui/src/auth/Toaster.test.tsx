import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { Toaster } from './Toaster';
import { chooseSpot } from '@klusmaat/shared-ui/auth/toastPlacement';
import { clearToasts, getToasts, showToast, showToastOnNextPage, TOAST_DURATION_MS } from '@klusmaat/shared-ui/auth/toastStore';

afterEach(() => {
  vi.useRealTimers();
  act(() => clearToasts());
  sessionStorage.clear();
});

describe('Toaster', () => {
  it('announces success politely and errors as alerts, and can be closed', () => {
    render(<Toaster />);
    act(() => {
      showToast('Succesvol uitgelogd');
      showToast('Fout bij uitloggen', 'error');
    });
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(within(status).getByText('Succesvol uitgelogd')).toBeTruthy();
    expect(within(screen.getByRole('alert')).getByText('Fout bij uitloggen')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Sluiten: Succesvol uitgelogd' }).click());
    expect(screen.queryByText('Succesvol uitgelogd')).toBeNull();
  });

  it('on a phone gives the toasts their own room below the page, so that they cover no content (issue 39)', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(max-width: 600px)', media: query, addEventListener() {}, removeEventListener() {} }));
    render(<Toaster />);
    let id = 0;
    act(() => void (id = showToast('Timer hersteld')));
    expect(document.documentElement.classList.contains('toast-room')).toBe(true);
    expect(document.documentElement.style.getPropertyValue('--toast-room')).toMatch(/^\d+px$/);
    act(() => getToasts().forEach((t) => t.id === id && screen.getByRole('button', { name: 'Sluiten: Timer hersteld' }).click()));
    expect(document.documentElement.classList.contains('toast-room')).toBe(false);
    expect(document.documentElement.style.getPropertyValue('--toast-room')).toBe('');
    vi.unstubAllGlobals();
  });

  it('at a wider screen leaves the page as it is', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
    render(<Toaster />);
    act(() => void showToast('Opgeslagen'));
    expect(document.documentElement.classList.contains('toast-room')).toBe(false);
    vi.unstubAllGlobals();
  });

  it('hides a toast by itself after a while', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => void showToast('Welkom terug!'));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.getByText('Welkom terug!')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Welkom terug!')).toBeNull();
  });

  it('shows the toast left by the previous page once, on load', () => {
    showToastOnNextPage('Welkom terug!');
    const { unmount } = render(<Toaster />);
    expect(within(screen.getByRole('status')).getByText('Welkom terug!')).toBeTruthy();
    expect(sessionStorage.getItem('klusmaat:toast')).toBeNull();
    unmount();
    act(() => clearToasts());
    render(<Toaster />);
    expect(screen.queryByText('Welkom terug!')).toBeNull();
  });

  it('a newer toast of a flow takes the place of the stale one; other toasts stay', () => {
    render(<Toaster />);
    act(() => {
      showToast('Welkom terug!');
      showToast('Werkbon aangemaakt', 'success', { flow: 'werkbon' });
      showToast('Start eerst de timer', 'error', { flow: 'werkbon' });
    });
    expect(screen.queryByText('Werkbon aangemaakt')).toBeNull();
    expect(within(screen.getByRole('alert')).getByText('Start eerst de timer')).toBeTruthy();
    act(() => {
      showToast('Timer hersteld', 'success', { flow: 'werkbon' });
      showToast('Werkbon afgerond!', 'success', { flow: 'werkbon' });
    });
    expect(getToasts().map((t) => t.message)).toEqual(['Welkom terug!', 'Werkbon afgerond!']);
    expect(screen.queryByText('Timer hersteld')).toBeNull();
    expect(screen.queryByText('Start eerst de timer')).toBeNull();
  });
});

describe('where the toasts stand', () => {
  const box = (top: number, bottom: number, left = 0, right = 390) => ({ top, bottom, left, right, width: right - left, height: bottom - top, x: left, y: top, toJSON: () => ({}) });
  function page(buttons: [string, number, number][]) {
    document.body.innerHTML = '<div id="toaster"></div>';
    for (const [name, top, bottom] of buttons) {
      const b = document.createElement('button');
      b.textContent = name;
      b.getBoundingClientRect = () => box(top, bottom);
      document.body.append(b);
    }
    return document.getElementById('toaster') as HTMLElement;
  }
  // A toast 70 px high, 16 px from the edge of a 390 x 844 phone.
  const toast = box(758, 828, 16, 374);

  it('at the bottom when nothing is there', () => {
    expect(chooseSpot(page([['Start timer', 500, 556]]), toast, 844, 16)).toEqual({ edge: 'bottom' });
  });

  it("at the top when it would cover a control at the bottom ('Start timer')", () => {
    expect(chooseSpot(page([['Start timer', 770, 826]]), toast, 844, 16)).toEqual({ edge: 'top', top: 16 });
  });

  it('stays where it stands while that covers nothing (no jumping back and forth), and leaves a control it would cover', () => {
    expect(chooseSpot(page([['Start timer', 500, 556]]), toast, 844, 16, document, { edge: 'top', top: 16 })).toEqual({ edge: 'top', top: 16 });
    expect(chooseSpot(page([['Terug', 10, 60]]), toast, 844, 16, document, { edge: 'top', top: 16 })).toEqual({ edge: 'bottom' });
  });

  it('with controls at both edges: in the free band nearest the bottom, over text, not over a button', () => {
    // 'Terug' at the top, 'Bel klant' at the bottom, 'Start timer' in the middle: the toast (70 px)
    // goes just above 'Bel klant'.
    expect(chooseSpot(page([['Terug', 10, 60], ['Start timer', 300, 356], ['Bel klant', 770, 826]]), toast, 844, 16)).toEqual({ edge: 'top', top: 692 });
  });

  it('with no free band at all: the bottom, unless the control in use is there', () => {
    const rows: [string, number, number][] = Array.from({ length: 17 }, (_, i) => [`Knop ${i}`, i * 50, i * 50 + 44]);
    const toaster = page(rows);
    expect(chooseSpot(toaster, toast, 844, 16)).toEqual({ edge: 'bottom' });
    (document.querySelectorAll('button')[16] as HTMLButtonElement).focus();
    expect(chooseSpot(toaster, toast, 844, 16)).toEqual({ edge: 'top', top: 16 });
  });

  it('ignores what is inert (behind a dialog) or hidden', () => {
    const toaster = page([['Start timer', 770, 826]]);
    document.querySelector('button')?.setAttribute('inert', '');
    expect(chooseSpot(toaster, toast, 844, 16)).toEqual({ edge: 'bottom' });
  });
});
