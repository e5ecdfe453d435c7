import { defineAction, type AnyAction } from '../api/defineAction';

/**
 * The reports' action: an export made in the background (D16). Its answer (top-level: id, status,
 * voortgang) is followed with dataProvider.read until it is done; it changes no cached screen.
 * Joined into the settings' table (settings/actions.ts), as the reports have none of their own.
 */
export const exportActions = {
  startExport: defineAction<{ soort: string; van: string; tot: string; regio: string }>({
    request: (body) => ({ path: '/api/v1/exports', method: 'POST', body }),
    failure: 'Fout bij exporteren',
    invalidates: [],
  }),
} satisfies Record<string, AnyAction>;
