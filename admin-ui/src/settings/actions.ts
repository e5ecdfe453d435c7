import { defineAction, type AnyAction } from '../api/defineAction';

/**
 * The settings' saves. A settings document is read at its API path (api/useApiState.ts, cached
 * under the path's first segment), so a save invalidates that segment: 'settings' for
 * /api/v1/settings/algemeen, 'regio-instellingen', 'factuur-uitgevers' (an invoice names its
 * issuer, so the invoices too).
 */
export const settingsActions = {
  saveAlgemeneSettings: defineAction<{ body: unknown }>({
    request: ({ body }) => ({ path: '/api/v1/settings/algemeen', method: 'PUT', body }),
    failure: 'Fout bij opslaan',
    invalidates: ['settings'],
  }),
  saveRegioSettings: defineAction<{ body: unknown }>({
    request: ({ body }) => ({ path: '/api/v1/regio-instellingen', method: 'PUT', body }),
    failure: 'Fout bij opslaan',
    invalidates: ['regio-instellingen'],
  }),
  saveFactuurUitgever: defineAction<{ id: string; body: unknown }>({
    request: ({ id, body }) => ({ path: `/api/v1/factuur-uitgevers/${encodeURIComponent(id)}`, method: 'PUT', body }),
    failure: 'Fout bij opslaan',
    invalidates: ['factuur-uitgevers', 'facturen'],
  }),
} satisfies Record<string, AnyAction>;
