import type { ResponseBody } from '@klusmaat/shared-ui/api/types';
import { defineAction, type AnyAction } from '../api/defineAction';

type Factuur = ResponseBody<'/api/v1/facturen/{id}'>;

const factuur = (id: string, action: string) => `/api/v1/facturen/${encodeURIComponent(id)}/${action}`;

/**
 * The custom actions of an invoice (document 001 section 2, Invoices; D28). Sending it again
 * changes nothing on screen; a credit invoice is a new row of the list and its totals, and marks
 * the invoice it corrects wherever that shows (a job's and a work order's invoice, a customer).
 */
export const factuurActions = {
  sendFactuur: defineAction<{ id: string }, unknown>({
    request: ({ id }) => ({ path: factuur(id, 'verzenden'), method: 'POST' }),
    failure: 'Kon factuur niet verzenden',
    invalidates: [],
  }),
  creditFactuur: defineAction<{ id: string; reden: string }, Factuur>({
    request: ({ id, reden }) => ({ path: factuur(id, 'crediteren'), method: 'POST', body: { reden } }),
    failure: 'Kon creditfactuur niet maken',
    invalidates: ['facturen', 'klussen', 'werkbonnen', 'klanten'],
  }),
} satisfies Record<string, AnyAction>;
