import type { ApiKeyRecord } from './api-key';
import { CACHED_KEY_TTL_MS } from './api-key-versions';

/** Keys a replica holds at most; past it the oldest copy goes first. */
const MAX_CACHED_KEYS = 10_000;

interface CachedKey {
  record: ApiKeyRecord;
  expiresAt: number;
}

/**
 * Active keys this replica resolved lately, by digest (never by plaintext). A copy lives
 * CACHED_KEY_TTL_MS at most, which bounds what a change Redis could not publish can miss.
 */
export class ResolvedKeyCache {
  private readonly byDigest = new Map<string, CachedKey>();

  constructor(private readonly nowMs: () => number) {}

  get(digest: Buffer): ApiKeyRecord | undefined {
    const id = digest.toString('base64');
    const entry = this.byDigest.get(id);
    if (entry === undefined) return undefined;
    if (entry.expiresAt > this.nowMs()) return entry.record;
    this.byDigest.delete(id);
    return undefined;
  }

  set(digest: Buffer, record: ApiKeyRecord): void {
    const id = digest.toString('base64');
    this.byDigest.delete(id);
    if (this.byDigest.size >= MAX_CACHED_KEYS) {
      const oldest = this.byDigest.keys().next();
      if (!oldest.done) this.byDigest.delete(oldest.value);
    }
    this.byDigest.set(id, { record, expiresAt: this.nowMs() + CACHED_KEY_TTL_MS });
  }

  drop(digest: Buffer): void {
    this.byDigest.delete(digest.toString('base64'));
  }

  clear(): void {
    this.byDigest.clear();
  }

  /** Drops the copy of a key this replica changed itself (rare: a walk is fine). */
  dropKey(keyId: string): void {
    for (const [digest, entry] of this.byDigest)
      if (entry.record.id === keyId) this.byDigest.delete(digest);
  }
}
