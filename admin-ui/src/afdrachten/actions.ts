import type { ListItem, ResponseBody } from '@klusmaat/shared-ui/api/types';
import { defineAction, type AnyAction } from '../api/defineAction';

/** A month's fee statement of a franchise business (D32). */
export type Afdracht = ListItem<'/api/v1/afdrachten'>;
/** The regions' fee percentages (GET /api/v1/afdracht-percentages). */
export type Percentages = ResponseBody<'/api/v1/afdracht-percentages'>['data'];
export type Percentage = Percentages['regios'][number];

/**
 * The fee percentage of a region (D32), set by an admin: the percentage as it was typed ('7,5';
 * the server takes a comma or a point). It changes the next month's fee, not the statements made.
 */
export const afdrachtActions = {
  saveAfdrachtPercentage: defineAction<{ regio: string; percentage: string }, Percentage>({
    request: ({ regio, percentage }) => ({ path: `/api/v1/afdracht-percentages/${encodeURIComponent(regio)}`, method: 'PUT', body: { percentage } }),
    failure: 'Fout bij opslaan',
    invalidates: ['afdracht-percentages'],
  }),
} satisfies Record<string, AnyAction>;

/** A percentage as the API writes it ('8.00', '7.50') as people write it: '8', '7,5'. */
export function percentageTekst(api: string): string {
  const [heel = '', deel = ''] = api.trim().split('.');
  const rest = deel.replace(/0+$/, '');
  return rest === '' ? heel : `${heel},${rest}`;
}

/** What the server takes (services/afdracht/store.go): 0 to 100, two decimals at most, a comma or a point. */
export const PERCENTAGE = /^(100([.,]0{1,2})?|[0-9]{1,2}([.,][0-9]{1,2})?)$/;

/** The server's own words for a percentage it refuses (ErrPercentage), said before sending too. */
export const PERCENTAGE_FOUT = 'Vul een percentage van 0 tot en met 100 in, bijvoorbeeld 8 of 7,5.';
