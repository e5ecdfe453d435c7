// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  checkStep,
  counterText,
  emptyAanvraag,
  firstFailingStep,
  MSG,
  preselectedCategory,
  stepOf,
  toPayload,
} from './logic';

const today = new Date(2025, 10, 21, 10, 0);
const complete = {
  ...emptyAanvraag('montage'),
  beschrijving: 'Schilderij ophangen',
  datum: '2025-11-24',
  tijd: 'ochtend' as const,
  naam: 'Mevrouw Jansen',
  telefoon: '070 123 45 67',
  adres: 'Herenstraat 1',
  postcode: '2271 AB',
  woonplaats: 'Voorburg',
};

describe('wizard step checks (spec section 5)', () => {
  it('step 1 needs a category', () => {
    expect(checkStep(1, emptyAanvraag(), today)).toEqual({ message: 'Kies een categorie', fields: ['categorie'] });
    expect(checkStep(1, emptyAanvraag('digitaal'), today)).toBeNull();
  });

  it('step 2 needs a description of at most 200 characters', () => {
    expect(checkStep(2, { ...complete, beschrijving: '   ' }, today)?.message).toBe('Beschrijf uw klus');
    expect(checkStep(2, { ...complete, beschrijving: 'x'.repeat(200) }, today)).toBeNull();
    expect(checkStep(2, { ...complete, beschrijving: 'x'.repeat(201) }, today)?.message).toBe('Beschrijf uw klus');
  });

  it('step 3 needs both a date (not in the past) and a time slot', () => {
    const msg = 'Kies een datum en tijd';
    expect(checkStep(3, { ...complete, datum: '', tijd: '' }, today)).toEqual({ message: msg, fields: ['datum', 'tijd'] });
    expect(checkStep(3, { ...complete, tijd: '' }, today)).toEqual({ message: msg, fields: ['tijd'] });
    expect(checkStep(3, { ...complete, datum: '' }, today)).toEqual({ message: msg, fields: ['datum'] });
    expect(checkStep(3, { ...complete, datum: '2025-11-20' }, today)).toEqual({ message: msg, fields: ['datum'] });
    expect(checkStep(3, { ...complete, datum: '2025-11-21' }, today)).toBeNull();
    expect(checkStep(3, { ...complete, datum: '2025-02-30' }, today)?.fields).toEqual(['datum']);
  });

  it('step 4 needs naam, telefoon, adres, postcode and woonplaats; e-mail is optional', () => {
    const empty = { ...complete, naam: '', telefoon: ' ', adres: '', postcode: '', woonplaats: '' };
    expect(checkStep(4, empty, today)).toEqual({
      message: 'Vul alle verplichte velden in',
      fields: ['naam', 'telefoon', 'adres', 'postcode', 'woonplaats'],
    });
    expect(checkStep(4, { ...complete, postcode: '' }, today)?.fields).toEqual(['postcode']);
    expect(checkStep(4, { ...complete, email: '' }, today)).toBeNull();
  });

  it('contact preference defaults to bellen', () => {
    expect(emptyAanvraag().contact_voorkeur).toBe('bellen');
  });

  it('finds the first failing step', () => {
    expect(firstFailingStep(complete, today)).toBeNull();
    expect(firstFailingStep({ ...complete, tijd: '', naam: '' }, today)).toBe(3);
    expect(firstFailingStep(emptyAanvraag(), today)).toBe(1);
  });

  it('maps server fields to their step', () => {
    expect(stepOf('categorie')).toBe(1);
    expect(stepOf('beschrijving')).toBe(2);
    expect(stepOf('datum')).toBe(3);
    expect(stepOf('tijd')).toBe(3);
    expect(stepOf('postcode')).toBe(4);
    expect(stepOf('onbekend')).toBe(4);
  });
});

describe('counter, preselection and payload', () => {
  it("counts 'n/200 tekens'", () => {
    expect(counterText('')).toBe('0/200 tekens');
    expect(counterText('Lamp ophangen')).toBe('13/200 tekens');
    expect(counterText('x'.repeat(200))).toBe('200/200 tekens');
  });

  it('preselects only the five public categories', () => {
    for (const key of ['montage', 'veiligheid', 'onderhoud', 'schilderen', 'digitaal']) {
      expect(preselectedCategory(`?categorie=${key}`)).toBe(key);
    }
    expect(preselectedCategory('?categorie=elektra')).toBe('');
    expect(preselectedCategory('')).toBe('');
    expect(preselectedCategory(new URLSearchParams('categorie=veiligheid'))).toBe('veiligheid');
    // Against the list loaded from the API (D9: categories are data).
    expect(preselectedCategory('?categorie=elektra', ['elektra', 'montage'])).toBe('elektra');
    expect(preselectedCategory('?categorie=veiligheid', ['elektra', 'montage'])).toBe('');
  });

  it('trims what is sent and keeps the honeypot', () => {
    const payload = toPayload({ ...complete, naam: '  Mevrouw Jansen ', email: ' a@b.nl ', website: '' });
    expect(payload.naam).toBe('Mevrouw Jansen');
    expect(payload.email).toBe('a@b.nl');
    expect(payload.website).toBe('');
    expect(Object.keys(payload).sort()).toEqual(
      ['adres', 'beschrijving', 'categorie', 'contact_voorkeur', 'datum', 'email', 'naam', 'postcode', 'telefoon', 'tijd', 'website', 'woonplaats'],
    );
  });

  it('keeps the texts of the spec to the letter', () => {
    expect(MSG.failed).toBe('Er ging iets mis. Probeer het opnieuw.');
    expect(MSG.received).toBe('Uw aanvraag is ontvangen!');
    expect(MSG.emailConfirmation).toBe('U ontvangt een bevestiging per e-mail.');
    expect([MSG.send, MSG.sending]).toEqual(['Verzenden', 'Verzenden...']);
  });
});
