import { defineAction, type AnyAction } from '../api/defineAction';
import type { Klus } from './types';

const klus = (id: string, action: string) => `/api/v1/klussen/${encodeURIComponent(id)}/${action}`;

/**
 * The custom actions of a job (document 001 section 4). Every action on a job may change the
 * jobs list, the job's page, the dashboard's counts and the week board, all of which read
 * 'klussen'; an assignment also changes a klusser's agenda and creates a work order.
 */
export const klusActions = {
  archiveKlus: defineAction<{ id: string }, Klus>({
    request: ({ id }) => ({ path: klus(id, 'archive'), method: 'POST' }),
    failure: 'Fout bij archiveren klus',
    invalidates: ['klussen', 'dashboard'],
  }),
} satisfies Record<string, AnyAction>;
