import type { AnyAction } from '../api/defineAction';

/** The custom actions of this domain (see api/defineAction.ts); the data provider exposes each. */
export const aanmeldingActions = {
  // e.g. archive: defineAction<{ id: string }, Klus>({ request: ({ id }) => ({ path: `/api/v1/klussen/${id}/archive`, method: 'POST' }), failure: 'Fout bij archiveren klus', invalidates: ['klussen'] }),
} satisfies Record<string, AnyAction>;
