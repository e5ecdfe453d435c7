/** A work order as the server sends it, for the tests. */
import type { Werkbon } from './werkbonApi';

export function werkbon(over: Partial<Werkbon> = {}): Werkbon {
  return {
    id: 'w1',
    klus_id: 'k1',
    status: 'running',
    start_tijd: null,
    start_bron: 'server',
    eind_tijd: null,
    uren: null,
    opmerkingen: '',
    beoordeling: null,
    ondertekend: false,
    materialen: [{ id: 'm1', client_id: 'c1', omschrijving: 'Plug', bedrag_cents: 150 }],
    materiaal_cents: 150,
    fotos: [],
    uurtarief_cents: 6500,
    vaste_prijs: null,
    verdienste_per_uur_cents: 3500,
    factuur_id: null,
    klus: { status: 'ingepland', categorie: 'Montage', beschrijving: 'Lamp', datum: '2026-11-23', tijd: 'ochtend', geplande_start_tijd: null, adres: 'Herenstraat 1', postcode: '2271 AB', woonplaats: 'Voorburg' },
    klant: { naam: 'Mevrouw Jansen', telefoon: '070 111 22 33' },
    ...over,
  };
}
