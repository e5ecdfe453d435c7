import type { ResponseBody } from '@klusmaat/shared-ui/api/types';
import { defineAction, type AnyAction } from '../api/defineAction';

type Factuur = ResponseBody<'/api/v1/facturen/{id}'>;
/** How an invoice is followed (D30): the answer of every payment action. */
export type Opvolging = ResponseBody<'/api/v1/facturen/{id}/opvolging'>['data'];

const factuur = (id: string, action: string) => `/api/v1/facturen/${encodeURIComponent(id)}/${action}`;

/**
 * What a payment changes besides the follow-up itself: the invoices list, its totals and what is
 * open per age (all read under 'facturen'), a job's, a work order's and a customer's invoice, and
 * the proposals of a bank statement, which show what is still open on their invoices.
 */
export const BETALING_SCREENS = ['facturen', 'klussen', 'werkbonnen', 'klanten', 'bankafschriften'] as const;

/**
 * The custom actions of an invoice (document 001 section 2, Invoices; D28). Sending it again
 * changes nothing on screen; a credit invoice is a new row of the list and its totals, and marks
 * the invoice it corrects wherever that shows (a job's and a work order's invoice, a customer).
 * The follow-up (D30): a payment booked by hand, a booking reversed with its reason, a dispute
 * and handing over; each answers the follow-up as it is now.
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
    invalidates: ['facturen', 'klussen', 'werkbonnen', 'klanten', 'bankafschriften'],
  }),
  boekBetaling: defineAction<{ id: string; datum: string; bedrag_cents: number; methode: string; notitie: string }, Opvolging>({
    request: ({ id, datum, bedrag_cents, methode, notitie }) => ({
      path: factuur(id, 'betalingen'),
      method: 'POST',
      body: { datum, bedrag_cents, methode, notitie },
    }),
    failure: 'Kon de betaling niet boeken',
    invalidates: BETALING_SCREENS,
  }),
  terugboekenBetaling: defineAction<{ betalingId: string; reden: string }, Opvolging>({
    request: ({ betalingId, reden }) => ({ path: `/api/v1/betalingen/${encodeURIComponent(betalingId)}/terugboeken`, method: 'POST', body: { reden } }),
    failure: 'Kon de betaling niet terugboeken',
    invalidates: BETALING_SCREENS,
  }),
  zetBespreking: defineAction<{ id: string; aan: boolean; notitie: string }, Opvolging>({
    request: ({ id, aan, notitie }) => ({ path: factuur(id, 'bespreking'), method: 'POST', body: { aan, notitie } }),
    failure: ({ aan }) => (aan ? 'Kon de factuur niet in bespreking zetten' : 'Kon de bespreking niet beëindigen'),
    invalidates: ['facturen'],
  }),
  geefUitHanden: defineAction<{ id: string }, Opvolging>({
    request: ({ id }) => ({ path: factuur(id, 'uit-handen'), method: 'POST' }),
    failure: 'Kon de factuur niet als uit handen gegeven markeren',
    invalidates: ['facturen'],
  }),
} satisfies Record<string, AnyAction>;
