import { randomBytes } from 'node:crypto';
import { sha256Hex, VIRTUAL_KEY_PREFIX } from '@platform/auth';

/** Characters of the secret part kept in clear so operators can recognise a key in lists. */
const RECOGNISABLE_CHARS = 6;
/** 32 random bytes, base64url: 43 characters after the prefix. */
const SECRET_BYTES = 32;
const KEY_PATTERN = /^sk-proxy-[A-Za-z0-9_-]{43}$/;

export interface MintedKeyMaterial {
  /** The plaintext key: shown once, never stored. */
  key: string;
  /** SHA-256 hex of the key: what is stored and looked up. */
  hash: string;
  /** e.g. `sk-proxy-Ab3dE9` (not secret: 6 of 43 random characters). */
  prefix: string;
}

export function mintKeyMaterial(): MintedKeyMaterial {
  const key = `${VIRTUAL_KEY_PREFIX}${randomBytes(SECRET_BYTES).toString('base64url')}`;
  return {
    key,
    hash: hashKey(key),
    prefix: key.slice(0, VIRTUAL_KEY_PREFIX.length + RECOGNISABLE_CHARS),
  };
}

/**
 * Keys carry 256 random bits, so a fast hash is enough: nothing can be brute-forced, and the
 * lookup by hash is an index probe, which also avoids comparing secrets in application code.
 */
export function hashKey(key: string): string {
  return sha256Hex(key);
}

/** Cheap shape check before any lookup: a value that cannot be a key never reaches the database. */
export function looksLikeVirtualKey(value: string): boolean {
  return KEY_PATTERN.test(value);
}
