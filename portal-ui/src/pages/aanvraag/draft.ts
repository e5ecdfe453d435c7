/**
 * The wizard keeps its state in the tab's session storage, so that a reload loses nothing.
 * A draft is read field by field: whatever another version of the page stored, only known
 * fields with valid values come back.
 */
import type { AanvraagPayload } from '../../api/public';
import { emptyAanvraag, STEPS, type Step } from './logic';

const DRAFT_KEY = 'klusmaat-aanvraag-concept';

export interface Draft {
  data: AanvraagPayload;
  step: Step;
}

export function readDraft(): Draft | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(DRAFT_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Draft>;
    if (typeof parsed !== 'object' || parsed === null || typeof parsed.data !== 'object' || parsed.data === null) return null;
    const base = emptyAanvraag();
    const data = { ...base };
    for (const key of Object.keys(base) as (keyof AanvraagPayload)[]) {
      const value = (parsed.data as unknown as Record<string, unknown>)[key];
      if (typeof value === 'string') (data as Record<string, string>)[key] = value;
    }
    if (data.contact_voorkeur !== 'whatsapp') data.contact_voorkeur = 'bellen';
    if (!['', 'ochtend', 'middag', 'avond'].includes(data.tijd)) data.tijd = '';
    data.website = '';
    const step = STEPS.includes(parsed.step as Step) ? (parsed.step as Step) : 1;
    return { data, step };
  } catch {
    return null;
  }
}

/** Stores the draft, or removes it (null) once the request is sent. */
export function writeDraft(draft: Draft | null): void {
  try {
    if (draft === null) globalThis.sessionStorage?.removeItem(DRAFT_KEY);
    else globalThis.sessionStorage?.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Private mode or full storage: the wizard works without a draft.
  }
}
