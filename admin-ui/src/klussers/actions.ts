import type { ResponseBody } from '@klusmaat/shared-ui/api/types';
import { defineAction, type AnyAction } from '../api/defineAction';

type Detail = ResponseBody<'/api/v1/klussers/{id}'>['data'];
export type FotoSlot = 'profiel' | 'carousel_1' | 'carousel_2' | 'carousel_3';

/** An archived, deleted or new klusser changes the jobs' candidates, the board and the counts too. */
export const KLUSSER_SCREENS = ['klussers', 'klussen', 'planning', 'dashboard'] as const;

const klusser = (id: string) => `/api/v1/klussers/${encodeURIComponent(id)}`;

/**
 * The custom actions of a klusser (document 001 section 2). An archived klusser leaves the
 * assignable candidates of the jobs and the dashboard's counts; a photo only changes the klusser.
 */
export const klusserActions = {
  archiveKlusser: defineAction<{ id: string }, Detail>({
    request: ({ id }) => ({ path: `${klusser(id)}/archive`, method: 'POST' }),
    failure: 'Fout bij archiveren klusser',
    invalidates: KLUSSER_SCREENS,
  }),
  /** An upload: the photo goes as multipart (file). */
  uploadKlusserFoto: defineAction<{ id: string; slot: FotoSlot; file: File }, Detail>({
    request: ({ id, slot, file }) => {
      const body = new FormData();
      body.append('file', file);
      return { path: `${klusser(id)}/fotos/${slot}`, method: 'POST', body };
    },
    failure: 'Fout bij uploaden foto',
    invalidates: ['klussers'],
  }),
  deleteKlusserFoto: defineAction<{ id: string; slot: FotoSlot }, Detail>({
    request: ({ id, slot }) => ({ path: `${klusser(id)}/fotos/${slot}`, method: 'DELETE' }),
    failure: 'Fout bij verwijderen foto',
    invalidates: ['klussers'],
  }),
} satisfies Record<string, AnyAction>;
