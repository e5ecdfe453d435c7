import type { ReactElement } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { Toaster } from '../auth/Toaster';

function Where() {
  const { pathname, search } = useLocation();
  return <h1>{`Pagina ${pathname}${search}`}</h1>;
}

/**
 * Renders one page at a path inside a memory router with the toaster, as the Layout does. Every
 * other path renders a heading "Pagina /path?query", so that tests can see where a page went.
 */
export function renderAuthPage(path: string, pattern: string, page: ReactElement) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <Toaster />
          </>
        ),
        children: [
          { path: pattern, element: page },
          { path: '*', element: <Where /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(<RouterProvider router={router} />);
  return { router, ...view };
}

/** The alerts of the page itself, without the toaster's (always present) alert region. */
export function formAlerts(): HTMLElement[] {
  return screen.queryAllByRole('alert').filter((el) => !el.classList.contains('toast-region'));
}

/** Waits for the page's first alert and returns its text. */
export async function findAlertText(): Promise<string> {
  return waitFor(() => {
    const [first] = formAlerts();
    if (first === undefined) throw new Error('no alert yet');
    return first.textContent ?? '';
  });
}

/** The text of the page's first alert, right now. */
export function alertText(): string | null {
  return formAlerts()[0]?.textContent ?? null;
}
