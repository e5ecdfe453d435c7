import type { ResponseBody } from '@klusmaat/shared-ui/api/types';
import { defineAction, type AnyAction } from '../api/defineAction';
import { BETALING_SCREENS } from '../facturen/actions';

/** One entry of a bank statement as the office handles it (D30). */
export type Bankpost = ResponseBody<'/api/v1/bankposten/{id}/bevestigen', 'post'>['data'];

/** One invoice's share of a confirmed entry. */
export interface Deel {
  factuur_id: string;
  bedrag_cents: number;
}

const post = (id: string, action: string) => `/api/v1/bankposten/${encodeURIComponent(id)}/${action}`;

/**
 * The office's answers to a bank statement's proposals (D30): book an entry on one invoice or
 * split over several (the shares add up to the entry), or ignore it. A booking changes the
 * invoices as a payment by hand does; an ignored entry only the statement.
 */
export const bankpostActions = {
  bevestigBankpost: defineAction<{ id: string; verdeling: Deel[] }, Bankpost>({
    request: ({ id, verdeling }) => ({ path: post(id, 'bevestigen'), method: 'POST', body: { verdeling } }),
    failure: 'Kon de bijschrijving niet boeken',
    invalidates: BETALING_SCREENS,
  }),
  negeerBankpost: defineAction<{ id: string }, Bankpost>({
    request: ({ id }) => ({ path: post(id, 'negeren'), method: 'POST' }),
    failure: 'Kon de bijschrijving niet negeren',
    invalidates: ['bankafschriften'],
  }),
} satisfies Record<string, AnyAction>;
