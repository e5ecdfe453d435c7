// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ageError, BESCHIKBAARHEID_DAGEN, checkAanmelding, emptyAanmelding, MSG, toAanmeldingPayload } from './logic';

const filled = {
  ...emptyAanmelding(),
  naam: 'Henk de Vries',
  leeftijd: '68',
  woonplaats: 'Wassenaar',
  telefoon: '06 12345678',
  motivatie: 'Ik help graag.',
  beschikbaarheid: ['Woensdag'],
};

describe('application rules (spec section 5)', () => {
  it('requires naam, telefoon, motivatie and at least 1 day (and the age and town marked required)', () => {
    expect(checkAanmelding(emptyAanmelding())).toEqual({
      message: 'Vul alle verplichte velden in en selecteer minimaal 1 dag beschikbaarheid',
      fields: ['naam', 'leeftijd', 'woonplaats', 'telefoon', 'motivatie', 'beschikbaarheid'],
    });
    for (const field of ['naam', 'telefoon', 'motivatie'] as const) {
      expect(checkAanmelding({ ...filled, [field]: '  ' })).toEqual({ message: MSG.verplicht, fields: [field] });
    }
    expect(checkAanmelding({ ...filled, beschikbaarheid: [] })).toEqual({ message: MSG.verplicht, fields: ['beschikbaarheid'] });
    expect(checkAanmelding({ ...filled, beschikbaarheid: ['Zondag'] })?.fields).toEqual(['beschikbaarheid']);
    expect(checkAanmelding(filled)).toBeNull();
  });

  it('refuses an age under 65 with the field message, but lets a non-numeric age through (stored as 65)', () => {
    expect(ageError({ ...filled, leeftijd: '64' })).toBe('Klussers zijn 65 jaar of ouder.');
    expect(ageError({ ...filled, leeftijd: '65' })).toBeNull();
    expect(ageError({ ...filled, leeftijd: 'zeventig' })).toBeNull();
    expect(checkAanmelding({ ...filled, leeftijd: '64' })).toBeNull();
  });

  it('keeps email, address, postcode and experience optional and sends them empty', () => {
    const payload = toAanmeldingPayload({ ...filled, naam: ' Henk de Vries ', beschikbaarheid: ['Zaterdag', 'Maandag'] });
    expect(payload).toEqual({
      naam: 'Henk de Vries',
      leeftijd: 68,
      adres: '',
      postcode: '',
      woonplaats: 'Wassenaar',
      telefoon: '06 12345678',
      email: '',
      motivatie: 'Ik help graag.',
      ervaring: '',
      beschikbaarheid: ['Maandag', 'Zaterdag'],
      heeft_vog: false,
      heeft_vervoer: false,
      website: '',
    });
    expect(toAanmeldingPayload({ ...filled, leeftijd: '' }).leeftijd).toBe('');
  });

  it('offers Maandag to Zaterdag and keeps the texts to the letter', () => {
    expect(BESCHIKBAARHEID_DAGEN).toEqual(['Maandag', 'Dinsdag', 'Woensdag', 'Donderdag', 'Vrijdag', 'Zaterdag']);
    expect(MSG.success).toBe(
      'Uw aanmelding is ontvangen! We beoordelen uw aanmelding en nemen binnen 2 werkdagen contact op.',
    );
    expect(MSG.failed).toBe('Er ging iets mis bij het versturen van uw aanmelding. Probeer het opnieuw.');
  });
});
