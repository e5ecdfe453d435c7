import type { Klus, KlusRij } from './types';

/** One job of the tests, as a row of the jobs list and as the full record (GET /api/v1/klussen/{id}). */
export const ID = '00000000-0000-4000-8000-000000000001';

export function rij(extra: Partial<KlusRij> = {}): KlusRij {
  return {
    id: ID,
    datum: '2026-11-26',
    tijd: '10:00',
    categorie: 'Elektra',
    beschrijving: 'Lamp ophangen',
    adres: 'Herenstraat 12',
    postcode: '2271 AB',
    woonplaats: 'Voorburg',
    regio: 'den-haag',
    email: 'greet@example.nl',
    telefoon: '070 123 45 67',
    status: 'open',
    assignment_type: 'pool',
    klusser: null,
    geschat_tarief_cents: 6500,
    geschatte_duur: 1.5,
    notitie: true,
    archived: false,
    geannuleerd: false,
    created_at: '2026-11-20T10:00:00Z',
    terugbellen_te_laat: false,
    vaste_prijs: null,
    ...extra,
  };
}

export function klus(extra: Partial<Klus> = {}): Klus {
  return {
    id: ID,
    status: 'open',
    assignment_type: 'pool',
    regio: 'den-haag',
    regio_naam: 'Den Haag',
    klusser_id: null,
    klusser: null,
    claimed_at: null,
    categorie: 'elektra',
    categorie_label: 'Elektra',
    beschrijving: 'Lamp ophangen',
    datum: '2026-11-26',
    tijd: '10:00',
    adres: 'Herenstraat 12',
    postcode: '2271 AB',
    woonplaats: 'Voorburg',
    telefoon: '070 123 45 67',
    email: 'greet@example.nl',
    naam: '',
    klant_voornaam: 'Greet',
    klant_achternaam: 'de Vries',
    geschat_tarief_cents: 6500,
    geschatte_duur: 1.5,
    vaste_prijs: null,
    geplande_start_tijd: null,
    klusser_telefoon: null,
    planning_changes_count: 0,
    klusser_notities: 'Sleutel bij de buren',
    archived: false,
    betaald: false,
    materiaal_kosten_cents: 0,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    werkbon_gesloten: false,
    werkbon: null,
    factuur: null,
    ...extra,
  };
}

