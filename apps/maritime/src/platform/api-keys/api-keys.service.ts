import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '@platform/clock';
import type { Plan } from '@platform/maritime-domain';
import { ApiKeyRecord, MARITIME_KEY_FORMAT } from './api-key';
import { ApiKeyVersions } from './api-key-versions';
import { ApiKeysRepository, KeyChange } from './api-keys.repository';
import { ResolvedKeyCache } from './resolved-key.cache';

/**
 * last_used_at is kept to the minute, so a replica writes it at most once a minute per key
 * instead of sending an UPDATE with every request.
 */
const TOUCH_INTERVAL_MS = 60_000;
/** Keys whose last write this replica remembers; past it, it forgets them all (a few extra writes). */
const TOUCHED_KEYS_REMEMBERED = 10_000;

export interface NewKey {
  ownerId: string;
  plan: Plan;
  analyst?: boolean;
  rateLimitPerMin?: number | null;
  name?: string;
}

/** A key a request presented, and whether this replica answered it from memory. */
export interface ResolvedKey {
  record: ApiKeyRecord;
  cached: boolean;
}

/**
 * The change is in the database, but the replicas could not be told: those holding the key in
 * memory may go on using their copy until it expires.
 */
export class KeyChangeNotPublished extends Error {
  constructor(
    readonly record: ApiKeyRecord,
    cause: unknown,
  ) {
    super(`key ${record.id} changed, but its new version could not be published`, { cause });
  }
}

/**
 * Creating, resolving and changing API keys; the plaintext exists only in `create`'s answer.
 * Resolved keys are kept in memory; a change raises the key's version in its row and then
 * publishes it in Redis, where the rate-limit script of the key's next request compares it
 * with the cached copy (see the access middleware).
 */
@Injectable()
export class ApiKeysService {
  private readonly logger = new Logger(ApiKeysService.name);
  private readonly touchedAt = new Map<string, number>();
  private readonly cache: ResolvedKeyCache;

  constructor(
    @Inject(ApiKeysRepository) private readonly keys: ApiKeysRepository,
    @Inject(ApiKeyVersions) private readonly versions: ApiKeyVersions,
    @Inject(Clock) private readonly clock: Clock,
  ) {
    this.cache = new ResolvedKeyCache(() => this.clock.nowMs());
    versions.onConnected(() => this.cache.clear());
  }

  async create(input: NewKey): Promise<{ key: string; record: ApiKeyRecord }> {
    const material = MARITIME_KEY_FORMAT.generate();
    const record = await this.keys.insert({
      digest: material.digest,
      prefix: material.prefix,
      name: input.name ?? '',
      ownerId: input.ownerId,
      plan: input.plan,
      analyst: input.analyst ?? false,
      rateLimitPerMin: input.rateLimitPerMin ?? null,
    });
    this.logger.log(
      { key_id: record.id, owner_id: record.ownerId, plan: record.plan, prefix: record.prefix },
      'api key created',
    );
    return { key: material.key, record };
  }

  /**
   * The active key a presented value names, from memory when this replica resolved it lately:
   * undefined for a value of the wrong shape (no lookup), an unknown or a revoked key. A cached
   * copy is only as good as the version check the caller makes next.
   */
  async resolve(presented: string): Promise<ResolvedKey | undefined> {
    if (!MARITIME_KEY_FORMAT.looksLike(presented)) return undefined;
    const digest = MARITIME_KEY_FORMAT.digest(presented);
    const record = this.cache.get(digest);
    if (record) {
      this.noteUse(record.id);
      return { record, cached: true };
    }
    return this.lookUp(digest);
  }

  /** The key as PostgreSQL has it now; replaces (or drops) this replica's copy. */
  async resolveFresh(presented: string): Promise<ResolvedKey | undefined> {
    if (!MARITIME_KEY_FORMAT.looksLike(presented)) return undefined;
    return this.lookUp(MARITIME_KEY_FORMAT.digest(presented));
  }

  private async lookUp(digest: Buffer): Promise<ResolvedKey | undefined> {
    const record = await this.keys.findActiveByDigest(digest);
    if (!record) {
      this.cache.drop(digest);
      return undefined;
    }
    this.cache.set(digest, record);
    this.noteUse(record.id);
    return { record, cached: false };
  }

  private noteUse(id: string): void {
    const now = this.clock.nowMs();
    const last = this.touchedAt.get(id);
    if (last !== undefined && now - last < TOUCH_INTERVAL_MS) return;
    if (this.touchedAt.size >= TOUCHED_KEYS_REMEMBERED) this.touchedAt.clear();
    this.touchedAt.set(id, now);
    this.keys.touch(id).catch((error: unknown) => {
      this.logger.warn({ key_id: id, err: error }, 'last_used_at not recorded');
    });
  }

  list(ownerId?: string): Promise<ApiKeyRecord[]> {
    return this.keys.list(ownerId);
  }

  async revoke(id: string): Promise<ApiKeyRecord | undefined> {
    return this.published(await this.keys.revoke(id));
  }

  async change(id: string, change: KeyChange): Promise<ApiKeyRecord | undefined> {
    return this.published(await this.keys.change(id, change));
  }

  /** Publishes a changed key's version; the row changed first, so no replica reloads it stale. */
  private async published(record: ApiKeyRecord | undefined): Promise<ApiKeyRecord | undefined> {
    if (!record) return undefined;
    this.cache.dropKey(record.id);
    try {
      await this.versions.publish(record.id, record.version);
    } catch (error) {
      throw new KeyChangeNotPublished(record, error);
    }
    this.logger.log(
      { key_id: record.id, version: record.version, published_to: this.versions.target() },
      'api key changed',
    );
    return record;
  }

  /** Where changes are published (the keys command says it, so a wrong REDIS_URL shows). */
  publicationTarget(): string {
    return this.versions.target();
  }
}
