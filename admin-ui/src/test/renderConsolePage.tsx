import type { ReactElement } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { createTheme, ThemeProvider } from '@mui/material';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Toaster } from '../auth/Toaster';
import { theme } from '../theme';

function Where() {
  const { pathname, search } = useLocation();
  return <h1>{`Pagina ${pathname}${search}`}</h1>;
}

/** Renders one console page at a path; every other path shows a heading "Pagina /path?query". */
export function renderConsolePage(path: string, pattern: string, page: ReactElement) {
  return render(
    <ThemeProvider theme={createTheme(theme)}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={page} />
          <Route path="*" element={<Where />} />
        </Routes>
        <Toaster />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

/** The page's own alerts, without the toaster's (always present) alert region. */
export function formAlerts(): HTMLElement[] {
  return screen.queryAllByRole('alert').filter((el) => el.textContent !== '' && el.closest('[data-toaster]') === null);
}

export async function findAlertText(): Promise<string> {
  return waitFor(() => {
    const [first] = formAlerts();
    if (first === undefined) throw new Error('no alert yet');
    return first.textContent ?? '';
  });
}

export function alertText(): string | null {
  return formAlerts()[0]?.textContent ?? null;
}
