import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '@platform/clock';
import type { Plan } from '@platform/maritime-domain';
import { ApiKeyRecord, MARITIME_KEY_FORMAT } from './api-key';
import { ApiKeysRepository, KeyChange } from './api-keys.repository';

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

/** Creating, resolving and changing API keys; the plaintext exists only in `create`'s answer. */
@Injectable()
export class ApiKeysService {
  private readonly logger = new Logger(ApiKeysService.name);
  private readonly touchedAt = new Map<string, number>();

  constructor(
    @Inject(ApiKeysRepository) private readonly keys: ApiKeysRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

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
   * The active key a presented value names: undefined for a value of the wrong shape (no
   * lookup), an unknown or a revoked key.
   */
  async resolve(presented: string): Promise<ApiKeyRecord | undefined> {
    if (!MARITIME_KEY_FORMAT.looksLike(presented)) return undefined;
    const record = await this.keys.findActiveByDigest(MARITIME_KEY_FORMAT.digest(presented));
    if (record) this.noteUse(record.id);
    return record;
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

  revoke(id: string): Promise<ApiKeyRecord | undefined> {
    return this.keys.revoke(id);
  }

  change(id: string, change: KeyChange): Promise<ApiKeyRecord | undefined> {
    return this.keys.change(id, change);
  }
}
