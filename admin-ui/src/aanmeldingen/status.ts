/** The statuses of an application (document 001), stored by key and shown by their Dutch label. */
export const AANMELDING_STATUSSEN = ['nieuw', 'in_behandeling', 'goedgekeurd', 'afgewezen'] as const;
export type AanmeldingStatus = (typeof AANMELDING_STATUSSEN)[number];

export const AANMELDING_STATUS_LABEL: Record<AanmeldingStatus, string> = {
  nieuw: 'Nieuw',
  in_behandeling: 'In behandeling',
  goedgekeurd: 'Goedgekeurd',
  afgewezen: 'Afgewezen',
};

export const AANMELDING_STATUS_CHOICES = AANMELDING_STATUSSEN.map((id) => ({ id, name: AANMELDING_STATUS_LABEL[id] }));

/** Badge colours; the label always says the status too (never colour alone). */
export const AANMELDING_STATUS_COLOR: Record<AanmeldingStatus, 'info' | 'warning' | 'success' | 'error'> = {
  nieuw: 'info',
  in_behandeling: 'warning',
  goedgekeurd: 'success',
  afgewezen: 'error',
};

export function isAanmeldingStatus(s: string): s is AanmeldingStatus {
  return (AANMELDING_STATUSSEN as readonly string[]).includes(s);
}

export function statusLabel(s: string): string {
  return isAanmeldingStatus(s) ? AANMELDING_STATUS_LABEL[s] : s;
}

export const aanmeldingPath = (id: string) => `/admin/klusser-aanmeldingen/${encodeURIComponent(id)}`;
