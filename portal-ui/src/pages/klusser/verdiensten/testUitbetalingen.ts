/** Statements and bank accounts as the server sends them, and the page's API answers, for the tests. */
import type { Responder } from '@klusmaat/shared-ui/test/authFixtures';
import { API } from '../shared/testKit';
import { BANKREKENING, UITBETALINGEN, type Bankrekening, type Uitbetaling } from './uitbetalingApi';

export const PATH = '/klusser/verdiensten';
export const KLUSSER_ID = '00000000-0000-4000-8000-00000000beef';

export const EARNINGS = {
  week: { uren: 3, bedrag_cents: 10500 },
  maand: { uren: 12.5, bedrag_cents: 43750 },
  totaal: { uren: 1234, bedrag_cents: 4319000 },
  per_uur_cents: 3500,
};

let serial = 0;
export function uitbetaling(over: Partial<Uitbetaling> = {}): Uitbetaling {
  serial += 1;
  const id = `00000000-0000-4000-9000-${String(serial).padStart(12, '0')}`;
  return {
    id,
    nummer: `UB202610-${String(serial).padStart(4, '0')}`,
    maand: '2026-10',
    uitgever_naam: 'Klusmaat Den Haag B.V.',
    status: 'concept',
    status_tekst: 'Concept',
    totaal_cents: 123450,
    pdf: `${UITBETALINGEN}/${id}/pdf`,
    ...over,
  };
}

export function rekening(over: Partial<Bankrekening> = {}): Bankrekening {
  return {
    klusser_id: KLUSSER_ID,
    ingevuld: true,
    iban: 'NL91ABNA0417164300',
    iban_gemaskeerd: 'NL91 **** **** **** 4300',
    rekeninghouder: 'P. Bakker',
    updated_at: '2026-11-02T10:00:00Z',
    ...over,
  };
}

export const GEEN_REKENING = rekening({ ingevuld: false, iban: null, iban_gemaskeerd: '', rekeninghouder: '', updated_at: null });

/** The page's answers: the earnings, the statements and the account; `extra` adds or replaces. */
export function answers(
  statements: Uitbetaling[] | Responder | Responder[],
  account: Bankrekening | Responder | Responder[] = rekening(),
  extra: Record<string, Responder | Responder[]> = {},
): Record<string, Responder | Responder[]> {
  return {
    [`GET ${API}/verdiensten`]: { body: EARNINGS },
    [`GET ${UITBETALINGEN}`]: Array.isArray(statements) && statements.every((s) => 'nummer' in s)
      ? { body: { data: statements, total: statements.length } }
      : (statements as Responder | Responder[]),
    [`GET ${BANKREKENING}`]: 'klusser_id' in account ? { body: { data: account } } : account,
    ...extra,
  };
}
