import { randomBytes } from 'node:crypto';
import { sha256 } from '../crypto/token-digest';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 40 base62 characters ≈ 238 random bits. */
const SECRET_CHARS = 40;
/** Largest multiple of 62 below 256: bytes at or above it are redrawn, so no character is favoured. */
const UNBIASED_LIMIT = 248;

export interface ApiKeyMaterial {
  /** The plaintext key: printed once, never stored. */
  key: string;
  /** SHA-256 of the key: what is stored and looked up. */
  digest: Buffer;
  /** What lists show of the key. */
  prefix: string;
}

export interface ApiKeyFormat {
  generate(): ApiKeyMaterial;
  digest(key: string): Buffer;
  /** Shape check before any lookup: a value that cannot be a key never reaches the database. */
  looksLike(value: string): boolean;
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

/**
 * API keys of the form `<prefix><40 base62>` (geo-scoring `geo_`, maritime `mk_`). They carry
 * ~238 random bits, so one SHA-256 is enough to store them (nothing to brute-force), and finding
 * a key is an index probe on its digest rather than a comparison of secrets in application code.
 */
export function apiKeyFormat(
  prefix: string,
  /** How much of a key lists show so operators can recognise it; the prefix and 8 more by default. */
  shownChars = prefix.length + 8,
): ApiKeyFormat {
  if (!/^[a-z]{1,8}_$/.test(prefix)) throw new RangeError(`bad API key prefix "${prefix}"`);
  const pattern = new RegExp(`^${prefix}[0-9A-Za-z]{${SECRET_CHARS}}$`);
  const digest = (key: string): Buffer => sha256(key);
  return {
    generate() {
      const key = `${prefix}${randomBase62(SECRET_CHARS)}`;
      return { key, digest: digest(key), prefix: key.slice(0, shownChars) };
    },
    digest,
    looksLike: (value) => pattern.test(value),
  };
}
