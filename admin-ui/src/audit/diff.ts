/**
 * What changed in one audit entry, in words: 'status: open → ingepland'. Only keys whose value
 * differs are shown; a value that appears or disappears shows '—' on its missing side.
 */
export function auditDiff(before: unknown, after: unknown): string[] {
  const b = isObject(before) ? before : {};
  const a = isObject(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].sort();
  return keys
    .filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .map((k) => `${k}: ${show(b[k])} → ${show(a[k])}`);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function show(v: unknown): string {
  if (v === undefined || v === null || v === '') return '—';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** The actions of the log, as an admin reads them. */
export const ACTION_CHOICES = [
  { id: 'create', name: 'Aangemaakt' },
  { id: 'update', name: 'Bijgewerkt' },
  { id: 'status', name: 'Status gewijzigd' },
  { id: 'assign', name: 'Toegewezen' },
  { id: 'pool', name: 'In pool geplaatst' },
  { id: 'unassign', name: 'Toewijzing verwijderd' },
  { id: 'archive', name: 'Gearchiveerd' },
  { id: 'delete', name: 'Verwijderd' },
  { id: 'klant_delete', name: 'Klant verwijderd' },
  { id: 'claim', name: 'Opgepakt' },
  { id: 'plan', name: 'Ingepland' },
  { id: 'change_plan', name: 'Afspraak gewijzigd' },
  { id: 'settings', name: 'Instellingen' },
  { id: 'download', name: 'Gedownload' },
  { id: 'avg_export', name: 'AVG-export' },
  { id: 'avg_erase', name: 'AVG-wissen' },
];

export function actionLabel(action: string): string {
  return ACTION_CHOICES.find((c) => c.id === action)?.name ?? action;
}
