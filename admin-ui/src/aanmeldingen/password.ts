/**
 * The password 'Maak Klusser Account' proposes: 12 characters from a set without look-alikes
 * (no 0 O o 1 l I), with at least one of !@#$%. Random from crypto.getRandomValues, without the
 * bias of a plain modulo.
 */
export const PASSWORD_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
export const PASSWORD_SPECIALS = '!@#$%';
export const PASSWORD_CHARS = PASSWORD_LETTERS + PASSWORD_SPECIALS;
export const PASSWORD_LENGTH = 12;

/** Fills an array with random 32-bit values (crypto.getRandomValues; replaceable in tests). */
export type RandomSource = (values: Uint32Array<ArrayBuffer>) => Uint32Array<ArrayBuffer>;

const cryptoSource: RandomSource = (values) => globalThis.crypto.getRandomValues(values);

/** A uniform random integer in [0, n). */
function below(n: number, random: RandomSource): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const one = new Uint32Array(1);
  for (;;) {
    const v = random(one)[0] ?? 0;
    if (v < limit) return v % n;
  }
}

function pick(set: string, random: RandomSource): string {
  return set.charAt(below(set.length, random));
}

export function generatePassword(random: RandomSource = cryptoSource): string {
  const chars = Array.from({ length: PASSWORD_LENGTH }, () => pick(PASSWORD_CHARS, random));
  if (!chars.some((c) => PASSWORD_SPECIALS.includes(c))) {
    chars[below(PASSWORD_LENGTH, random)] = pick(PASSWORD_SPECIALS, random);
  }
  return chars.join('');
}
