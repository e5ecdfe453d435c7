// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { flow, inputNode, loginFlow, uiText } from '../test/authFixtures';
import { flowErrorMessage, loginErrorMessage, outcomeMessage } from './kratosMessages';

describe('loginErrorMessage', () => {
  it.each([
    [4000006, 'Onjuist e-mailadres of wachtwoord.'],
    [4000008, 'De code is onjuist. Probeer het opnieuw.'],
    [4000016, 'Deze herstelcode is onjuist of al gebruikt.'],
    [4000012, 'Deze herstelcode is onjuist of al gebruikt.'],
  ])('maps Kratos message %i to Dutch', (id, dutch) => {
    expect(loginErrorMessage(loginFlow('f', [uiText(id)]))).toBe(dutch);
  });

  it.each([4000010, 4010002, 4010003, 4000001, 123])("falls back to 'Inloggen mislukt' for %i", (id) => {
    expect(loginErrorMessage(loginFlow('f', [uiText(id)]))).toBe('Inloggen mislukt');
  });

  it('reads the messages of the nodes too, and skips info messages', () => {
    const f = flow('f', [inputNode('totp_code', 'totp', {}, [uiText(4000008)])], [uiText(1010003, 'info')]);
    expect(loginErrorMessage(f)).toBe('De code is onjuist. Probeer het opnieuw.');
  });

  it("says 'Inloggen mislukt' when there is no message at all, and never Kratos's English", () => {
    expect(loginErrorMessage(undefined)).toBe('Inloggen mislukt');
    expect(loginErrorMessage(loginFlow('f'))).toBe('Inloggen mislukt');
    expect(loginErrorMessage(loginFlow('f', [uiText(4000006, 'error', 'The provided credentials are invalid')]))).not.toMatch(
      /credentials/,
    );
  });
});

describe('flowErrorMessage', () => {
  it('maps recovery and password messages, else uses the fallback', () => {
    expect(flowErrorMessage(flow('f', [], [uiText(4060006)]), 'x')).toBe(
      'De code uit de e-mail is onjuist of verlopen. Vraag een nieuwe code aan.',
    );
    expect(flowErrorMessage(flow('f', [inputNode('password', 'password', {}, [uiText(4000034)])]), 'x')).toBe(
      'Dit wachtwoord komt voor in bekende datalekken. Kies een ander wachtwoord.',
    );
    expect(flowErrorMessage(flow('f', [], [uiText(4999999)]), 'Niet gelukt.')).toBe('Niet gelukt.');
  });

  it("uses the minimum length of Kratos's configuration when the message carries it", () => {
    const tooShort = { ...uiText(4000032), context: { min_length: 10, actual_length: 6 } };
    expect(flowErrorMessage(flow('f', [], [tooShort]), 'x')).toBe('Het wachtwoord is te kort. Gebruik minstens 10 tekens.');
    expect(flowErrorMessage(flow('f', [], [uiText(4000032)]), 'x')).toBe('Het wachtwoord is te kort.');
  });
});

describe('outcomeMessage', () => {
  it('turns a failed Kratos call into one Dutch message', () => {
    expect(outcomeMessage({ kind: 'network' }, 'x')).toBe('Netwerkfout - controleer je internetverbinding');
    expect(outcomeMessage({ kind: 'rate_limited', message: 'Te veel pogingen.' }, 'x')).toBe('Te veel pogingen.');
    expect(outcomeMessage({ kind: 'failed', status: 502, message: 'Kratos is onbereikbaar.' }, 'x')).toBe(
      'Kratos is onbereikbaar.',
    );
    expect(outcomeMessage({ kind: 'failed', status: 500 }, 'Mislukt.')).toBe('Mislukt.');
    expect(outcomeMessage({ kind: 'unauthorized' }, 'Mislukt.')).toBe('Mislukt.');
    const invalid = loginFlow('f1', [uiText(4000006)]);
    expect(outcomeMessage({ kind: 'invalid', status: 400, flow: invalid }, 'Mislukt.')).toBe(
      'Onjuist e-mailadres of wachtwoord.',
    );
  });
});
