import type { ResponseBody } from '@klusmaat/shared-ui/api/types';
import { defineAction, type AnyAction } from '../api/defineAction';
import type { Offerte, OfferteInvoer } from './offerte';
import type { Klus } from './types';

type Contact = ResponseBody<'/api/v1/klussen/{id}/contacten', 'post'>['data'];
export type Schouw = NonNullable<ResponseBody<'/api/v1/klussen/{id}/schouw'>['data']>;

const klus = (id: string, action: string) => `/api/v1/klussen/${encodeURIComponent(id)}/${action}`;

/**
 * What a change of a job's state or assignment shows on: the jobs list and the job itself
 * ('klussen', which also holds its sections' reads), the dashboard's counts, the week board, a
 * customer's jobs; an assignment also a klusser's agenda and the work orders (it creates one).
 */
export const JOB_SCREENS = ['klussen', 'dashboard', 'planning', 'klanten'] as const;
export const ASSIGNMENT_SCREENS = [...JOB_SCREENS, 'klussers', 'werkbonnen'] as const;

/** The toast of a failed assignment, before the server's reason. */
const FOUT_TOEWIJZEN = 'Fout bij toewijzen klusser';

/**
 * The custom actions of a job (document 001 section 4) and of its sections (contact log, survey,
 * quote, D26). A survey shows on the week board; a quote only in its own section, which puts the
 * answer in its cache (klussen/OfferteSection.tsx), so it invalidates nothing else.
 */
export const klusActions = {
  archiveKlus: defineAction<{ id: string }, Klus>({
    request: ({ id }) => ({ path: klus(id, 'archive'), method: 'POST' }),
    failure: 'Fout bij archiveren klus',
    invalidates: JOB_SCREENS,
  }),
  setKlusStatus: defineAction<{ id: string; status: string }, Klus>({
    request: ({ id, status }) => ({ path: klus(id, 'status'), method: 'POST', body: { status } }),
    failure: 'Fout bij bijwerken status',
    invalidates: ASSIGNMENT_SCREENS,
  }),
  assignKlus: defineAction<{ id: string; klusserId: string }, Klus>({
    request: ({ id, klusserId }) => ({ path: klus(id, 'assign'), method: 'POST', body: { klusser_id: klusserId } }),
    failure: FOUT_TOEWIJZEN,
    invalidates: ASSIGNMENT_SCREENS,
  }),
  poolKlus: defineAction<{ id: string }, Klus>({
    request: ({ id }) => ({ path: klus(id, 'pool'), method: 'POST' }),
    failure: 'Fout bij plaatsen in pool',
    invalidates: ASSIGNMENT_SCREENS,
  }),
  unassignKlus: defineAction<{ id: string }, Klus>({
    request: ({ id }) => ({ path: klus(id, 'unassign'), method: 'POST' }),
    failure: FOUT_TOEWIJZEN,
    invalidates: ASSIGNMENT_SCREENS,
  }),
  // The log is read under 'klussen'; the list and the dashboard flag requests not called back yet.
  logKlusContact: defineAction<{ id: string; wijze: string; notitie: string }, Contact>({
    request: ({ id, wijze, notitie }) => ({ path: klus(id, 'contacten'), method: 'POST', body: { wijze, notitie } }),
    failure: 'Kon het contact niet vastleggen',
    invalidates: ['klussen', 'dashboard'],
  }),
  planSchouw: defineAction<{ id: string; datum: string; tijd: string; opnemer: string }, Schouw>({
    request: ({ id, datum, tijd, opnemer }) => ({ path: klus(id, 'schouw'), method: 'PUT', body: { datum, tijd, opnemer } }),
    failure: 'Kon de schouw niet plannen',
    invalidates: ['planning'],
  }),
  schouwUitkomst: defineAction<{ id: string; uitkomst: string }, Schouw>({
    request: ({ id, uitkomst }) => ({ path: klus(id, 'schouw/uitkomst'), method: 'POST', body: { uitkomst } }),
    failure: 'Kon de uitkomst niet vastleggen',
    invalidates: ['planning'],
  }),
  // D33: the office cancels a survey; the customer is e-mailed (SchouwSection).
  cancelSchouw: defineAction<{ id: string; reden: string }, Schouw>({
    request: ({ id, reden }) => ({ path: klus(id, 'schouw/annuleren'), method: 'POST', body: { reden } }),
    failure: 'Kon de schouw niet annuleren',
    invalidates: ['planning'],
  }),
  /** An upload: the photo as multipart (callApi sends a FormData body as it is). */
  addSchouwFoto: defineAction<{ id: string; file: File }, Schouw>({
    request: ({ id, file }) => {
      const form = new FormData();
      form.append('file', file);
      return { path: klus(id, 'schouw/fotos'), method: 'POST', body: form };
    },
    failure: 'Kon de foto niet toevoegen',
    invalidates: [],
  }),
  saveOfferte: defineAction<{ id: string; invoer: OfferteInvoer }, Offerte>({
    request: ({ id, invoer }) => ({ path: klus(id, 'offerte'), method: 'PUT', body: invoer }),
    failure: 'Kon de offerte niet opslaan',
    invalidates: [],
  }),
  sendOfferte: defineAction<{ id: string }, Offerte>({
    request: ({ id }) => ({ path: klus(id, 'offerte/versturen'), method: 'POST' }),
    failure: 'Kon de offerte niet versturen',
    invalidates: [],
  }),
} satisfies Record<string, AnyAction>;
