import type { Uitbetaling, UitbetalingDetail } from './actions';

/** Fixtures of the statements' tests (D31): the businesses, a statement row and its detail. */
export const ID = '00000000-0000-4000-8000-0000000000u1';
const KLUSSER = '00000000-0000-4000-8000-0000000000k1';

export const UITGEVERS = {
  'GET /api/v1/factuur-uitgevers': {
    body: {
      data: [
        { id: 'centraal', regio: null, regio_naam: '', naam: 'Klusmaat B.V.', adres: '', postcode: '', plaats: '', kvk_nummer: '', btw_nummer: '', iban: 'NL91ABNA0417164300', nummer_prefix: '' },
        { id: 'den-haag', regio: 'den-haag', regio_naam: 'Den Haag', naam: 'Klusmaat Den Haag B.V.', adres: '', postcode: '', plaats: '', kvk_nummer: '', btw_nummer: '', iban: 'NL44RABO0123456789', nummer_prefix: 'DH' },
      ],
      total: 2,
    },
  },
};

export function rij(extra: Partial<Uitbetaling> = {}): Uitbetaling {
  return {
    id: ID,
    nummer: 'UB202610-0001',
    klusser_id: KLUSSER,
    klusser_naam: 'Piet Bakker',
    uitgever: 'den-haag',
    uitgever_naam: 'Klusmaat Den Haag B.V.',
    maand: '2026-10',
    status: 'concept',
    status_tekst: 'Concept',
    totaal_cents: 24500,
    iban_ontbreekt: false,
    batch_id: null,
    pdf: `/api/v1/uitbetalingen/${ID}/pdf`,
    ...extra,
  };
}

export function detail(extra: Partial<UitbetalingDetail> = {}): UitbetalingDetail {
  return {
    ...rij(),
    iban_gemaskeerd: null,
    rekeninghouder: null,
    goedgekeurd_at: null,
    uitbetaald_at: null,
    regels: [
      { id: 'r1', soort: 'werk', werkbon_id: 'w1', datum: '2026-10-06', klus: 'DH2026-0011', woonplaats: 'Voorburg', uren: 3, tarief_cents: 3500, bedrag_cents: 10500, omschrijving: '' },
      { id: 'r2', soort: 'werk', werkbon_id: 'w2', datum: '2026-10-20', klus: 'DH2026-0013', woonplaats: 'Den Haag', uren: 4, tarief_cents: 3500, bedrag_cents: 14000, omschrijving: '' },
    ],
    ...extra,
  };
}

