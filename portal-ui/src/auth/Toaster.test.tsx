import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { Toaster } from './Toaster';
import { clearToasts, showToast, showToastOnNextPage, TOAST_DURATION_MS } from './toastStore';

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
});
