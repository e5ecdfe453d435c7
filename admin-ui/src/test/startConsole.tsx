import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { createFetchMock, KRATOS, LOGOUT_OK, me, type Responder } from '@shared-auth-test';
import { App } from '../App';

/**
 * Renders the whole console at path, signed in with role, with fetch answering `api` (keys like
 * 'GET /api/v1/klussen'); returns the fetch mock with its recorded calls.
 */
export function startConsole(path: string, api: Record<string, Responder | Responder[]>, role = 'admin') {
  const mock = createFetchMock({ [`GET ${KRATOS.me}`]: { body: me(role) }, ...LOGOUT_OK, ...api });
  vi.stubGlobal('fetch', mock.fetchFn);
  window.history.replaceState(null, '', path);
  render(<App />);
  return mock;
}
