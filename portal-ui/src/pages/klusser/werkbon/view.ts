/**
 * What the work order screen shows: the server's last copy with the waiting changes laid over it
 * (D23), and the timer's arithmetic (D7: the server's hours are the whole hours started).
 */
import type { Op } from './outboxStore';
import type { Materiaal, Werkbon } from './werkbonApi';

export interface ViewMateriaal extends Materiaal {
  /** Still on the phone only. */
  wacht: boolean;
}

export interface ViewFoto {
  id: string;
  type: 'before' | 'after';
  url: string;
  wacht: boolean;
}

export interface WerkbonView {
  werkbon: Werkbon;
  startTijd: string | null;
  materialen: ViewMateriaal[];
  materiaalCents: number;
  fotos: ViewFoto[];
  opmerkingen: string;
  /** Completed on the server, or waiting to be sent. */
  afgerond: boolean;
  /** The completion is still on the phone. */
  afrondingWacht: boolean;
  eindTijd: string | null;
  waiting: number;
}

/** Lays the waiting changes over the server's copy; urlFor gives a waiting photo a local URL. */
export function merge(w: Werkbon, ops: readonly Op[], urlFor: (blob: Blob, id: string) => string): WerkbonView {
  const mine = ops.filter((o) => o.werkbonId === w.id);
  let startTijd = w.start_tijd ?? null;
  let materialen: ViewMateriaal[] = w.materialen.map((m) => ({ ...m, wacht: false }));
  const fotos: ViewFoto[] = w.fotos.map((f) => ({ id: f.id, type: f.type === 'after' ? 'after' : 'before', url: f.url, wacht: false }));
  let opmerkingen = w.opmerkingen;
  let afrondingWacht = false;
  let eindTijd = w.eind_tijd ?? null;
  for (const op of mine) {
    switch (op.kind) {
      case 'start':
        startTijd ??= op.at;
        break;
      case 'materiaal':
        if (!materialen.some((m) => m.client_id === op.id)) {
          materialen.push({ id: op.id, client_id: op.id, omschrijving: op.omschrijving, bedrag_cents: op.bedragCents, wacht: true });
        }
        break;
      case 'verwijder':
        materialen = materialen.filter((m) => m.id !== op.itemId);
        break;
      case 'notities':
        opmerkingen = op.opmerkingen;
        break;
      case 'foto':
        if (!fotos.some((f) => f.id === op.id)) fotos.push({ id: op.id, type: op.type, url: urlFor(op.blob, op.id), wacht: true });
        break;
      case 'afronden':
        if (w.status !== 'completed') {
          afrondingWacht = true;
          eindTijd = op.at;
        }
        break;
    }
  }
  return {
    werkbon: w,
    startTijd,
    materialen,
    materiaalCents: materialen.reduce((sum, m) => sum + m.bedrag_cents, 0),
    fotos,
    opmerkingen,
    afgerond: w.status === 'completed' || afrondingWacht,
    afrondingWacht,
    eindTijd,
    waiting: mine.length,
  };
}

/** Seconds since start, never negative (a phone clock a little behind the server's). */
export function elapsedSeconds(start: string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - new Date(start).getTime()) / 1000));
}

/** 3725 -> "01:02:05". */
export function hhmmss(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}

/** D7: the hours billed are the hours started, ceil(seconds / 3600). */
export function billedHours(seconds: number): number {
  return Math.ceil(seconds / 3600);
}

/** The labour cost shown beside the timer: the time so far at the job's rate, in cents. */
export function labourCents(seconds: number, rateCents: number): number {
  return Math.round((seconds / 3600) * rateCents);
}

/**
 * A typed amount in euros ("12,50", "12.50", "€ 3") as cents; undefined when it is not an amount
 * above 0 with at most two decimals.
 */
export function parseEuros(input: string): number | undefined {
  const s = input.replace(/€/g, '').replace(/\s/g, '').replace(',', '.');
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(s)) return undefined;
  const cents = Math.round(Number(s) * 100);
  return cents > 0 ? cents : undefined;
}
