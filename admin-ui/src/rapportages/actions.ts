import { defineAction, type AnyAction } from '../api/defineAction';

/**
 * The reports' action: an export made in the background (D16). Its answer (top-level: id, status,
 * voortgang) is followed with dataProvider.read until it is done; it changes no cached screen.
 */
export type ExportSoort = 'uren' | 'facturen';

/** Section 8's failure of each export. */
export const EXPORT_FOUT: Record<ExportSoort, string> = { uren: 'Fout bij exporteren uren', facturen: 'Fout bij exporteren facturen' };

export const exportActions = {
  startExport: defineAction<{ soort: ExportSoort; van: string; tot: string; regio: string }>({
    request: (body) => ({ path: '/api/v1/exports', method: 'POST', body }),
    failure: ({ soort }) => EXPORT_FOUT[soort],
    invalidates: [],
  }),
} satisfies Record<string, AnyAction>;
