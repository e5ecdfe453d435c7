import { defineAction, type AnyAction } from '../api/defineAction';
import { aanmeldingApi, type AanmeldingDetail, type Communicatie } from './types';

/**
 * What an action on an application changes: the application ('klusser-aanmeldingen', the
 * console's resource for /api/v1/aanmeldingen) and the dashboard's counts; an account also makes
 * a klusser.
 */
const AANMELDING = ['klusser-aanmeldingen', 'dashboard'] as const;

export type CommunicatieSoort = 'note' | 'phone' | 'email' | 'whatsapp';

/** Section 8's failure of each kind of contact with an applicant. */
export const COMMUNICATIE_FOUT: Record<CommunicatieSoort, string> = {
  note: 'Fout bij toevoegen notitie',
  phone: 'Fout bij loggen gesprek',
  email: 'Fout bij verzenden email',
  whatsapp: 'Fout bij loggen WhatsApp bericht',
};

/** The custom actions of an application (document 001, Aanmeldingen); uploads go as multipart. */
export const aanmeldingActions = {
  beoordeelAanmelding: defineAction<{ id: string; status: string; notities: string }, AanmeldingDetail>({
    request: ({ id, status, notities }) => ({ path: `${aanmeldingApi(id)}/beoordeling`, method: 'PUT', body: { status, notities } }),
    failure: 'Fout bij bijwerken status',
    invalidates: AANMELDING,
  }),
  addAanmeldingCommunicatie: defineAction<{ id: string; type: string; content: string; subject?: string }, Communicatie>({
    request: ({ id, ...body }) => ({ path: `${aanmeldingApi(id)}/communicatie`, method: 'POST', body }),
    failure: ({ type }) => COMMUNICATIE_FOUT[type as CommunicatieSoort] ?? 'Fout bij opslaan',
    invalidates: AANMELDING,
  }),
  uploadAanmeldingDocument: defineAction<{ id: string; body: FormData }>({
    request: ({ id, body }) => ({ path: `${aanmeldingApi(id)}/documenten`, method: 'POST', body }),
    failure: 'Fout bij uploaden document',
    invalidates: AANMELDING,
  }),
  deleteAanmeldingDocument: defineAction<{ documentId: string }>({
    request: ({ documentId }) => ({ path: `/api/v1/documenten/${encodeURIComponent(documentId)}`, method: 'DELETE' }),
    failure: 'Fout bij verwijderen document',
    invalidates: AANMELDING,
  }),
  createKlusserAccount: defineAction<{ id: string; body: FormData }>({
    request: ({ id, body }) => ({ path: `${aanmeldingApi(id)}/account`, method: 'POST', body }),
    failure: 'Fout bij aanmaken account',
    invalidates: [...AANMELDING, 'klussers'],
  }),
} satisfies Record<string, AnyAction>;
