import { createHash, randomBytes, randomInt } from 'node:crypto';

/**
 * Consonants without vowels (no words), without A E I O U Y and without look-alikes of digits:
 * 20 letters, 8 of them give 20^8 ≈ 2.6e10 codes (34.6 bits), which the 10-wrong-codes-per-10-
 * minutes limit per client makes impractical to guess within a code's lifetime (RFC 8628 5.1).
 */
export const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
const USER_CODE_LENGTH = 8;

/** Eight letters of the alphabet, stored without the hyphen. */
export function newUserCode(): string {
  let code = '';
  for (let i = 0; i < USER_CODE_LENGTH; i += 1) {
    code += USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)];
  }
  return code;
}

/** How people read and type it: `XXXX-XXXX`. */
export function formatUserCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/**
 * What someone typed, in stored form: case, spaces and hyphens are forgiven (RFC 8628 6.1);
 * undefined when it cannot be a code, so nothing else is looked up.
 */
export function normaliseUserCode(input: unknown): string | undefined {
  if (typeof input !== 'string' || input.length > 32) return undefined;
  const code = input.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== USER_CODE_LENGTH) return undefined;
  for (const letter of code) if (!USER_CODE_ALPHABET.includes(letter)) return undefined;
  return code;
}

/** 32 random bytes, base64url: the polling secret, shown once. */
export function newDeviceCode(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored and looked up instead of the device code (256 random bits: no salt needed). */
export function deviceCodeDigest(deviceCode: string): Buffer {
  return createHash('sha256').update(deviceCode, 'utf8').digest();
}

/** Random secrets of the browser sign-in (state, nonce, cookies), base64url. */
export function newBrowserSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 hex of a browser secret, used as its Redis key or stored binding. */
export function secretDigest(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}
