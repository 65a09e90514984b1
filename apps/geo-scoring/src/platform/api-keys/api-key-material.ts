import { randomBytes } from 'node:crypto';
import { sha256 } from '@platform/auth';

export const API_KEY_PREFIX = 'geo_';
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 40 base62 characters ≈ 238 random bits. */
const SECRET_CHARS = 40;
/** Shown in lists so operators can recognise a key: `geo_` + 8 of 40 random characters. */
const PREFIX_CHARS = 12;
const KEY_PATTERN = /^geo_[0-9A-Za-z]{40}$/;
/** Largest multiple of 62 below 256: bytes at or above it are redrawn, so no character is favoured. */
const UNBIASED_LIMIT = 248;

export interface ApiKeyMaterial {
  /** The plaintext key: printed once, never stored. */
  key: string;
  /** SHA-256 of the key: what is stored and looked up. */
  digest: Buffer;
  prefix: string;
}

/** Uniform base62 by rejection sampling (a plain `byte % 62` would favour the first 8 characters). */
function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < UNBIASED_LIMIT) out += ALPHABET[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export function generateApiKey(): ApiKeyMaterial {
  const key = `${API_KEY_PREFIX}${randomBase62(SECRET_CHARS)}`;
  return { key, digest: digestApiKey(key), prefix: key.slice(0, PREFIX_CHARS) };
}

/**
 * Keys carry ~238 random bits, so one SHA-256 is enough (nothing to brute-force), and finding a
 * key is an index probe on its digest rather than a comparison of secrets in application code.
 */
export function digestApiKey(key: string): Buffer {
  return sha256(key);
}

/** Shape check before any lookup: a value that cannot be a key never reaches the database. */
export function looksLikeApiKey(value: string): boolean {
  return KEY_PATTERN.test(value);
}
