/** One cached answer: the exact body bytes (as a string) and the headers that describe them. */
export interface CachedAnswer {
  body: string;
  etag: string;
  contentType: string;
}

interface Entry {
  answer: CachedAnswer;
  expiresAt: number;
}

/** What fill() hands back: the shared answer, and whether this caller runs the computation. */
export interface Fill {
  answer: Promise<CachedAnswer>;
  leader: boolean;
}

/**
 * The replica's read cache: at most `maxEntries` answers (least recently used evicted first), each
 * kept at most `ttlMs` (a bound for writers that cannot publish, e.g. manual SQL). Concurrent
 * misses for one key share one computation. clear() starts a new generation: a computation that
 * began before it still answers its own callers but is never stored, so an answer read before a
 * change cannot outlive the invalidation of that change.
 */
export class ReadCacheStore {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<CachedAnswer>>();
  private generation = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // Re-inserting moves the key to the end of the Map's order: the most recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.answer;
  }

  fill(key: string, compute: () => Promise<CachedAnswer>): Fill {
    const pending = this.inFlight.get(key);
    if (pending !== undefined) return { answer: pending, leader: false };
    const generation = this.generation;
    const answer: Promise<CachedAnswer> = compute()
      .then((computed) => {
        if (generation === this.generation) this.store(key, computed);
        return computed;
      })
      .finally(() => {
        if (this.inFlight.get(key) === answer) this.inFlight.delete(key);
      });
    this.inFlight.set(key, answer);
    return { answer, leader: true };
  }

  /** Drops every entry and detaches running computations from the cache. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.inFlight.clear();
  }

  private store(key: string, answer: CachedAnswer): void {
    this.entries.delete(key);
    this.entries.set(key, { answer, expiresAt: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }
}
