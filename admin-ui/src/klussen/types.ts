import type { ListItem, RequestBody, ResponseBody } from '@klusmaat/shared-ui/api/types';

/** A row of the jobs list (GET /api/v1/klussen); categorie is the label there. */
export type KlusRij = ListItem<'/api/v1/klussen'>;
/** One job in full (GET /api/v1/klussen/{id}); categorie is the key, categorie_label the label. */
export type Klus = ResponseBody<'/api/v1/klussen/{id}'>['data'];
/** A klusser to assign (GET /api/v1/klussen/klussers?regio=). */
export type Kandidaat = ListItem<'/api/v1/klussen/klussers'>;
/** The bodies of create and edit. */
export type NieuweKlus = RequestBody<'/api/v1/klussen', 'post'>;
export type KlusInvoer = RequestBody<'/api/v1/klussen/{id}', 'put'>;
/** The status cards (GET /api/v1/klussen/counts). */
export type KlusTellingen = ResponseBody<'/api/v1/klussen/counts'>['data'];
