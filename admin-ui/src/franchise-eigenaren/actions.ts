import { defineAction, type AnyAction } from '../api/defineAction';

/**
 * The custom actions of the franchise owners (admins only). An owner's regions decide which jobs,
 * klussers and week board they see; the list of owners shows them. These are joined into the
 * settings' table (settings/actions.ts), api/registry.ts lists the domains' tables.
 */
export const eigenaarActions = {
  setEigenaarRegios: defineAction<{ id: string; regio: string[] }>({
    request: ({ id, regio }) => ({ path: `/api/v1/franchise-eigenaren/${encodeURIComponent(id)}/regios`, method: 'PUT', body: { regio } }),
    failure: 'Fout bij opslaan',
    invalidates: ['franchise-eigenaren', 'regio-instellingen'],
  }),
  /** A new owner's sign-in account, role and regions in one (D14); the answer says so. */
  createEigenaar: defineAction<{ naam: string; email: string; password: string; regio: string[] }>({
    request: (body) => ({ path: '/api/v1/franchise-eigenaren', method: 'POST', body }),
    failure: 'Fout bij aanmaken account',
    invalidates: ['franchise-eigenaren'],
  }),
} satisfies Record<string, AnyAction>;
