import { hash, timingSafeEqual } from 'node:crypto';

const DIGEST_BYTES = 32;
const SHA256_HEX = /^[0-9a-f]{64}$/i;

// One-shot hashing (crypto.hash): no Hash object per digest. The hex form is about seven times
// faster than createHash().update().digest('hex') for a key-sized string, and every client API
// request hashes its key.

/** SHA-256 of a UTF-8 string, as raw bytes. */
export function sha256(value: string): Buffer {
  return hash('sha256', value, 'buffer');
}

/** SHA-256 of a UTF-8 string, as 64 lowercase hex characters (how tokens are stored). */
export function sha256Hex(value: string): string {
  return hash('sha256', value, 'hex');
}

/**
 * Constant-time string equality. Both sides are hashed first, so the comparison always runs over
 * two 32-byte digests and neither the length nor a common prefix of a secret leaks through timing.
 */
export function digestEquals(a: string, b: string): boolean {
  return timingSafeEqual(sha256(a), sha256(b));
}

/** Decodes a stored hex digest; undefined when it is not 64 hex characters. */
export function digestFromHex(hex: string): Buffer | undefined {
  return SHA256_HEX.test(hex) ? Buffer.from(hex, 'hex') : undefined;
}

/**
 * Index of the candidate digest that `presented` hashes to, or -1. Every candidate is compared
 * (no early exit), so the time taken does not reveal which entry matched or how many exist before
 * it. A malformed candidate never matches but still costs one comparison.
 */
export function matchTokenDigest(
  presented: string,
  candidatesSha256Hex: readonly string[],
): number {
  return matchDigest(
    sha256(presented),
    candidatesSha256Hex.map((hex) => digestFromHex(hex)),
  );
}

/** `matchTokenDigest` over already decoded digests (what long-lived authenticators keep). */
export function matchDigest(
  presented: Buffer,
  candidates: readonly (Buffer | undefined)[],
): number {
  const filler = Buffer.alloc(DIGEST_BYTES);
  let found = -1;
  candidates.forEach((candidate, index) => {
    const usable = candidate?.length === DIGEST_BYTES;
    const equal = timingSafeEqual(presented, usable ? candidate : filler) && usable;
    // Record only the first match, without branching out of the loop.
    found = found === -1 && equal ? index : found;
  });
  return found;
}
