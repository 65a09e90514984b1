import { Injectable, Logger } from '@nestjs/common';
import { CacheInvalidationBus } from '@platform/redis';
import { PRESET_CACHE_TTL_MS, PresetResolver } from './preset-resolver';

/** Longest a preset write waits for the bus before answering `proxy_cache_invalidated: false`. */
export const PRESET_INVALIDATION_DEADLINE_MS = 500;

export type InvalidationOutcome =
  | { proxy_cache_invalidated: true }
  | {
      proxy_cache_invalidated: false;
      proxy_cache_error: 'proxy_cache_invalidation_failed';
      cache_ttl_seconds: number;
    };

/** Tells every replica to drop a team's preset cache: `{ kind: "presets", team_id }`. */
@Injectable()
export class PresetInvalidation {
  private readonly logger = new Logger('PresetInvalidation');

  constructor(
    private readonly bus: CacheInvalidationBus,
    private readonly resolver: PresetResolver,
  ) {}

  /** Publishes with a 500 ms deadline; never throws (the database write stands either way). */
  async afterWrite(teamId: string): Promise<InvalidationOutcome> {
    try {
      await this.publish(teamId);
      return { proxy_cache_invalidated: true };
    } catch (error) {
      this.logger.warn(`preset cache invalidation for team ${teamId} failed: ${String(error)}`);
      return {
        proxy_cache_invalidated: false,
        proxy_cache_error: 'proxy_cache_invalidation_failed',
        cache_ttl_seconds: PRESET_CACHE_TTL_MS / 1000,
      };
    }
  }

  /** The bus epoch of the message; throws when Redis refuses or misses the deadline. */
  async publish(teamId: string): Promise<number> {
    // This replica at least stops serving the old preset, whatever the bus does.
    this.resolver.dropTeam(teamId);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${PRESET_INVALIDATION_DEADLINE_MS} ms`)),
        PRESET_INVALIDATION_DEADLINE_MS,
      );
    });
    const published = this.bus.publish({ kind: 'presets', team_id: teamId });
    published.catch(() => undefined); // a late failure after the deadline is already reported
    try {
      return await Promise.race([published, deadline]);
    } finally {
      clearTimeout(timer);
    }
  }
}
