/**
 * The klusser's own statements and bank account (D31): GET /api/v1/klusser/uitbetalingen (newest
 * first, paged as every list, D25), the statement's PDF at its `pdf` address, and GET/PUT
 * /api/v1/klusser/bankrekening. Types come from the generated OpenAPI document. Like the
 * portal's other API modules it never throws: every call answers a Result.
 */
import type { ListItem, RequestBody, ResponseBody } from '@klusmaat/shared-ui/api/types';
import { call } from '../../../api/call';
import { PER_PAGE, type Page } from '../api';

/** One of the klusser's statements: nummer, maand (JJJJ-MM), status, totaal_cents, pdf, … */
export type Uitbetaling = ListItem<'/api/v1/klusser/uitbetalingen'>;
/** The klusser's bank account: the IBAN whole (to the klusser itself) and masked. */
export type Bankrekening = ResponseBody<'/api/v1/klusser/bankrekening'>['data'];
export type BankrekeningBody = RequestBody<'/api/v1/klusser/bankrekening', 'put'>;
export type BankrekeningSaved = ResponseBody<'/api/v1/klusser/bankrekening', 'put'>;

const signalOf = (signal?: AbortSignal): RequestInit => (signal === undefined ? {} : { signal });

export const UITBETALINGEN = '/api/v1/klusser/uitbetalingen';
export const BANKREKENING = '/api/v1/klusser/bankrekening';

export const uitbetalingApi = {
  uitbetalingen: (page = 1, signal?: AbortSignal) =>
    call<Page<Uitbetaling>>(`${UITBETALINGEN}?page=${page}&per_page=${PER_PAGE}`, signalOf(signal)),

  bankrekening: (signal?: AbortSignal) => call<{ data: Bankrekening }>(BANKREKENING, signalOf(signal)),

  saveBankrekening: (body: BankrekeningBody) =>
    call<BankrekeningSaved>(BANKREKENING, { method: 'PUT', body: JSON.stringify(body) }),
};
