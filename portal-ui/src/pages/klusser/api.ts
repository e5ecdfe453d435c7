/**
 * The klusser portal's API, written from the contract in the brief
 * (klusser-api.md): the pool, claiming, planning, the agenda, the dashboard figures, earnings and
 * the support phone. The types stand in for generated OpenAPI types until the API exists.
 * Every call goes through the portal's one wrapper (api/call.ts): it never throws and answers a
 * Result that the screens turn into their Dutch states.
 */
import { call } from '../../api/call';

export type KlusStatus = 'open' | 'ingepland' | 'bezig' | 'afgerond';

/** The customer's wished slot, or a time for jobs an admin made. */
export type KlusTijd = 'ochtend' | 'middag' | 'avond' | string;

export interface Klant {
  /** Name, else e-mail, else 'Niet beschikbaar' (the server picks). */
  naam: string;
  telefoon: string;
  email: string;
}

/** One job as the klusser sees it. */
export interface Klus {
  id: string;
  status: KlusStatus;
  categorie: { key: string; label: string };
  beschrijving: string;
  /** "yyyy-MM-dd", a Dutch calendar day. */
  datum: string;
  tijd: KlusTijd;
  adres: string;
  postcode: string;
  woonplaats: string;
  regio: string;
  /** Hourly rate in cents (D7). */
  geschat_tarief_cents: number;
  /** Hours. */
  geschatte_duur: number;
  /** Rate times duration in whole euros (section 9). */
  geschatte_verdienste_euros: number;
  /**
   * The customer's accepted fixed price incl. VAT in cents (D26), or null without an accepted
   * quote; when set, the portal shows it instead of the estimate.
   */
  vaste_prijs_cents: number | null;
  /** What the klusser earns per worked hour, in cents (D7): its pay, whatever the customer's price. */
  verdienste_per_uur_cents: number;
  notities: string | null;
  /** RFC 3339, or null before the first plan. */
  geplande_start_tijd: string | null;
  /** At most 2 (D18). */
  planning_changes_count: number;
  werkbon_id: string | null;
  /** In the detail and the agenda; the pool list leaves it out. */
  klant?: Klant;
}

export interface Page<T> {
  data: T[];
  total: number;
}

export interface Overzicht {
  naam: string;
  regios: string[];
  vandaag: number;
  deze_week: number;
  pool: number;
}

export interface Verdienste {
  uren: number;
  bedrag_cents: number;
}

export interface Verdiensten {
  week: Verdienste;
  maand: Verdienste;
  totaal: Verdienste;
  /** What a klusser earns per worked hour (the server's one figure). */
  per_uur_cents: number;
}

export type AgendaTab = 'te-doen' | 'afgerond' | 'alles';

export interface PlanningPayload {
  datum: string;
  /** "HH:MM" on the half hour. */
  tijd: string;
}

export type { Result } from '../../api/call';

/** The page size of the portal's lists (D25: lists are paged on the server). */
export const PER_PAGE = 25;

const BASE = '/api/v1/klusser';

const get = <T>(path: string, signal?: AbortSignal) => call<T>(path, signal === undefined ? {} : { signal });
const klusPath = (id: string) => `${BASE}/klussen/${encodeURIComponent(id)}`;

export const klusserApi = {
  overzicht: (signal?: AbortSignal) => get<Overzicht>(`${BASE}/overzicht`, signal),

  pool: (page = 1, signal?: AbortSignal) => get<Page<Klus>>(`${BASE}/pool?page=${page}&per_page=${PER_PAGE}`, signal),

  klus: (id: string, signal?: AbortSignal) => get<Klus>(klusPath(id), signal),

  claim: (id: string) => call<Klus>(`${klusPath(id)}/claim`, { method: 'POST' }),

  plan: (id: string, payload: PlanningPayload) =>
    call<Klus>(`${klusPath(id)}/planning`, { method: 'PUT', body: JSON.stringify(payload) }),

  agenda: (tab: AgendaTab, page = 1, signal?: AbortSignal, perPage = PER_PAGE) =>
    get<Page<Klus>>(`${BASE}/agenda?tab=${tab}&page=${page}&per_page=${perPage}`, signal),

  verdiensten: (signal?: AbortSignal) => get<Verdiensten>(`${BASE}/verdiensten`, signal),

  support: (signal?: AbortSignal) => get<{ telefoon: string }>(`${BASE}/support`, signal),
};
