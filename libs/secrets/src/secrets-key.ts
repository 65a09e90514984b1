import { createHash } from 'node:crypto';

/** AES-256 needs exactly 32 key bytes. */
export const SECRETS_KEY_BYTES = 32;

// Standard base64 of 32 bytes: 43 characters and one `=`.
const KEY_BASE64 = /^[A-Za-z0-9+/]{43}=$/;

/** One encryption key with the id stored beside every ciphertext it made. */
export interface SecretsKey {
  /** First 8 hex characters of the SHA-256 of the key bytes. */
  id: string;
  bytes: Buffer;
}

/**
 * The id of a key: the first 8 hex characters of the SHA-256 of its 32 bytes. It names the key
 * that sealed a ciphertext without revealing anything usable about the key.
 */
export function secretsKeyId(key: string | Uint8Array): string {
  return createHash('sha256').update(parseSecretsKey(key)).digest('hex').slice(0, 8);
}

/**
 * The 32 key bytes of a base64 text (as configured) or of raw bytes. Anything else throws a
 * TypeError that never echoes the key.
 */
export function parseSecretsKey(key: string | Uint8Array): Buffer {
  if (key instanceof Uint8Array) {
    if (key.length !== SECRETS_KEY_BYTES) {
      throw new TypeError(`A secrets key must be ${SECRETS_KEY_BYTES} bytes`);
    }
    return Buffer.from(key);
  }
  if (typeof key !== 'string' || !KEY_BASE64.test(key.trim())) {
    throw new TypeError(`A secrets key must be base64 of exactly ${SECRETS_KEY_BYTES} bytes`);
  }
  return Buffer.from(key.trim(), 'base64');
}

/** A parsed key with its id. */
export function secretsKey(key: string | Uint8Array): SecretsKey {
  const bytes = parseSecretsKey(key);
  return { id: createHash('sha256').update(bytes).digest('hex').slice(0, 8), bytes };
}
