import type { ListItem, ResponseBody } from '@klusmaat/shared-ui/api/types';
import { defineAction, type AnyAction } from '../api/defineAction';

/** One statement as the office's list shows it (D31). */
export type Uitbetaling = ListItem<'/api/v1/uitbetalingen'>;
/** One statement with its lines (GET /api/v1/uitbetalingen/{id}), also the answer of 'Goedkeuren'. */
export type UitbetalingDetail = ResponseBody<'/api/v1/uitbetalingen/{id}'>['data'];
/** One SEPA batch. */
export type Betaalbatch = ListItem<'/api/v1/betaalbatches'>;
/** What 'Betaalbestand maken' answers besides the batch: the statements in it and those left out. */
export type BatchGemaakt = ResponseBody<'/api/v1/betaalbatches', 'post'>;
/** A klusser's bank account as the office reads it (masked for a franchise owner). */
export type Bankrekening = ResponseBody<'/api/v1/klussers/{id}/bankrekening'>['data'];

const uitbetaling = (id: string, action: string) => `/api/v1/uitbetalingen/${encodeURIComponent(id)}/${action}`;

/**
 * What paying klussers changes (D31). Approving a statement changes the statements (and what a
 * new batch would take, read from the same list); a batch takes statements and pays them; a
 * klusser's bank account decides whether its concept statements lack an IBAN. The reads of a
 * batch's preview and of a statement are keyed under 'uitbetalingen' (api/useApiData.ts).
 */
export const UITBETALING_SCREENS = ['uitbetalingen', 'betaalbatches'] as const;

export const uitbetalingActions = {
  keurUitbetalingGoed: defineAction<{ id: string }, UitbetalingDetail>({
    request: ({ id }) => ({ path: uitbetaling(id, 'goedkeuren'), method: 'POST' }),
    failure: 'Kon de uitbetaling niet goedkeuren',
    invalidates: UITBETALING_SCREENS,
  }),
  maakBetaalbatch: defineAction<{ uitgever: string }, BatchGemaakt['data']>({
    request: ({ uitgever }) => ({ path: '/api/v1/betaalbatches', method: 'POST', body: { uitgever } }),
    failure: 'Kon het betaalbestand niet maken',
    invalidates: UITBETALING_SCREENS,
  }),
  bevestigBetaalbatch: defineAction<{ id: string }, Betaalbatch>({
    request: ({ id }) => ({ path: `/api/v1/betaalbatches/${encodeURIComponent(id)}/uitgevoerd`, method: 'POST' }),
    failure: 'Kon niet vastleggen dat de bank de betalingen heeft uitgevoerd',
    invalidates: UITBETALING_SCREENS,
  }),
  saveKlusserBankrekening: defineAction<{ id: string; iban: string; rekeninghouder: string }, Bankrekening>({
    request: ({ id, iban, rekeninghouder }) => ({
      path: `/api/v1/klussers/${encodeURIComponent(id)}/bankrekening`,
      method: 'PUT',
      body: { iban, rekeninghouder },
    }),
    failure: 'Kon de bankrekening niet opslaan',
    invalidates: ['klussers', 'uitbetalingen'],
  }),
} satisfies Record<string, AnyAction>;
