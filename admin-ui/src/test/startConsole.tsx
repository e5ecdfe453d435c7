import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { createFetchMock, KRATOS, LOGOUT_OK, me, type Responder } from '@klusmaat/shared-ui/test/authFixtures';
import { App } from '../App';
import { REGIOS_ANSWER } from './regios';

/**
 * Renders the whole console at path, signed in with role, with fetch answering `api` (keys like
 * 'GET /api/v1/klussen'), with the regions given (default: den-haag); returns the fetch mock with
 * its recorded calls.
 */
export function startConsole(path: string, api: Record<string, Responder | Responder[]>, role = 'admin', regions?: string[]) {
  const user = regions === undefined ? me(role) : me(role, { regions });
  const mock = createFetchMock({
    [`GET ${KRATOS.me}`]: { body: user },
    'GET /api/v1/regios': { body: REGIOS_ANSWER },
    ...LOGOUT_OK,
    ...api,
  });
  vi.stubGlobal('fetch', mock.fetchFn);
  window.history.replaceState(null, '', path);
  render(<App />);
  return mock;
}
