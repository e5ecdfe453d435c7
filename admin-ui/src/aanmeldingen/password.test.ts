// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { generatePassword, PASSWORD_CHARS, PASSWORD_SPECIALS } from './password';

describe('generatePassword', () => {
  it('gives 12 characters from the allowed set, without look-alikes, with one of !@#$%', () => {
    for (let i = 0; i < 500; i++) {
      const p = generatePassword();
      expect(p).toHaveLength(12);
      expect([...p].every((c) => PASSWORD_CHARS.includes(c))).toBe(true);
      expect(p).not.toMatch(/[0Oo1lI]/);
      expect([...p].some((c) => PASSWORD_SPECIALS.includes(c))).toBe(true);
    }
  });

  it('puts a special character in even when the random draw has none', () => {
    // Always 0: every character is 'A' until a special one is forced in.
    const p = generatePassword((values) => values.fill(0));
    expect(p).toHaveLength(12);
    expect(p).toMatch(/[!@#$%]/);
  });

  it('uses crypto.getRandomValues: two passwords differ', () => {
    expect(generatePassword()).not.toBe(generatePassword());
  });
});
