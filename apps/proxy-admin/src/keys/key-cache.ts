import { VirtualKey } from './virtual-key';

interface Entry {
  key: VirtualKey | null;
  expiresAt: number;
}

/**
 * A replica's cache of key lookups by hash. Entries live `ttlMs` at most, which bounds how long
 * a lost revocation message can matter. A lookup that was already running when an invalidation
 * arrived never writes its (possibly stale) answer back: every invalidation bumps a generation,
 * and a load only stores its result if the generation is unchanged.
 *
 * Unknown keys are cached too: a key minted later has a hash nobody could have asked for before.
 */
export class KeyCache {
  private readonly entries = new Map<string, Entry>();
  private readonly hashById = new Map<string, string>();
  private readonly loading = new Map<string, Promise<VirtualKey | null>>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  async get(
    hash: string,
    load: (hash: string) => Promise<VirtualKey | null>,
  ): Promise<VirtualKey | null> {
    const hit = this.entries.get(hash);
    if (hit && hit.expiresAt > this.clock()) return hit.key;
    const running = this.loading.get(hash);
    if (running) return running;

    const generation = this.generation;
    const pending = load(hash).then(
      (key) => {
        this.loading.delete(hash);
        if (generation === this.generation && this.ttlMs > 0) this.store(hash, key);
        return key;
      },
      (error: unknown) => {
        this.loading.delete(hash);
        throw error;
      },
    );
    this.loading.set(hash, pending);
    return pending;
  }

  /** Drops one key (revoked or changed). In-flight loads of any key will not be stored. */
  invalidateKey(keyId: string): void {
    this.generation += 1;
    const hash = this.hashById.get(keyId);
    if (hash !== undefined) {
      this.entries.delete(hash);
      this.hashById.delete(keyId);
    }
  }

  /** Drops everything (messages may have been missed). */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.hashById.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private store(hash: string, key: VirtualKey | null): void {
    this.entries.set(hash, { key, expiresAt: this.clock() + this.ttlMs });
    if (key) this.hashById.set(key.id, hash);
    // Bound memory: expired entries are swept when the map grows past a size worth a sweep.
    if (this.entries.size > 10_000 && this.entries.size % 1_000 === 0) this.sweep();
  }

  private sweep(): void {
    const now = this.clock();
    for (const [hash, entry] of this.entries) {
      if (entry.expiresAt <= now) {
        this.entries.delete(hash);
        if (entry.key) this.hashById.delete(entry.key.id);
      }
    }
  }
}
