/**
 * Test helpers of the klusser portal's screens: a signed-in klusser, jobs in the contract's shape,
 * a recording fetch with the API's answers, and a stand-in for the live stream (jsdom has no
 * EventSource). Only tests import this file.
 */
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import type { Me } from '@klusmaat/shared-ui/auth/api';
import { createFetchMock, KRATOS, LOGOUT_OK, me, type Responder } from '@klusmaat/shared-ui/test/authFixtures';
import { renderAuthPage } from '../../../test/renderAuthPage';
import type { Klus } from '../api';

export const API = '/api/v1/klusser';

export function klusser(extra: Partial<Me> = {}): Me {
  return me('klusser', { naam: 'Piet Bakker', regions: ['den-haag'], ...extra });
}

let serial = 0;
export function klus(extra: Partial<Klus> = {}): Klus {
  serial += 1;
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    status: 'open',
    categorie: { key: 'montage', label: 'Montage & Ophangwerk' },
    beschrijving: 'Twee schilderijen ophangen in de woonkamer',
    datum: '2026-11-24',
    tijd: 'ochtend',
    adres: 'Herenstraat 1',
    postcode: '2271 AB',
    woonplaats: 'Voorburg',
    regio: 'den-haag',
    geschat_tarief_cents: 6500,
    geschatte_duur: 1.5,
    geschatte_verdienste_euros: 98,
    vaste_prijs_cents: null,
    verdienste_per_uur_cents: 3500,
    notities: null,
    geplande_start_tijd: null,
    planning_changes_count: 0,
    werkbon_id: null,
    ...extra,
  };
}

export const page = <T,>(data: T[], total = data.length) => ({ body: { data, total } });

const EMPTY_INBOX: Record<string, Responder> = { 'GET /api/v1/notifications': { body: { data: [], total: 0, unread: 0 } } };

/** Renders a klusser page at path for a signed-in klusser (or `who`), with the given API answers. */
export function renderKlusser(
  path: string,
  pattern: string,
  element: ReactElement,
  routes: Record<string, Responder | Responder[]> = {},
  who: Me = klusser(),
) {
  // Every page's header has the notifications bell (D33): an empty inbox unless a test says otherwise.
  const mock = createFetchMock({ [`GET ${KRATOS.me}`]: { body: who }, ...LOGOUT_OK, ...EMPTY_INBOX, ...routes });
  vi.stubGlobal('fetch', mock.fetchFn);
  const view = renderAuthPage(path, pattern, element);
  return { mock, ...view };
}

export { FakeEventSource, installFakeEventSource } from '@klusmaat/shared-ui/test/fakeEventSource';

/** The value of the fact labelled `label` (a <dt>) inside el, with its white space tidied. */
export function fact(el: HTMLElement, label: string): string {
  const dt = Array.from(el.querySelectorAll('dt')).find((d) => d.textContent === label);
  if (dt === undefined) throw new Error(`no fact "${label}" in ${el.textContent}`);
  return (dt.nextElementSibling?.textContent ?? '').replace(/\s+/g, ' ').trim();
}
