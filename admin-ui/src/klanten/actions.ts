import { defineAction, type AnyAction } from '../api/defineAction';

const klant = (email: string) => `/api/v1/klanten/${encodeURIComponent(email)}`;

/**
 * A customer is the jobs of one e-mail address (D11): creating, deleting or erasing one changes
 * the jobs list, its week board and the dashboard's counts as well as the customers. These are
 * actions rather than react-admin's create/delete because the server's message says what it did
 * ('Klant aangemaakt met klus', 'Klant en 3 klussen verwijderd').
 */
const KLANT = ['klanten', 'klussen', 'werkbonnen', 'planning', 'dashboard'] as const;

export const klantActions = {
  createKlant: defineAction<{ body: Record<string, unknown> }>({
    request: ({ body }) => ({ path: '/api/v1/klanten', method: 'POST', body }),
    failure: 'Fout bij aanmaken klant',
    invalidates: KLANT,
  }),
  deleteKlant: defineAction<{ email: string }>({
    request: ({ email }) => ({ path: klant(email), method: 'DELETE' }),
    failure: 'Fout bij verwijderen klant',
    invalidates: KLANT,
  }),
  /** The AVG erase: everything but the issued invoices; the answer's counts are top-level. */
  wisKlant: defineAction<{ email: string }>({
    request: ({ email }) => ({ path: `/api/v1/admin/klanten/${encodeURIComponent(email)}/wissen`, method: 'POST' }),
    failure: 'Wissen is niet gelukt',
    invalidates: [...KLANT, 'facturen'],
  }),
} satisfies Record<string, AnyAction>;
