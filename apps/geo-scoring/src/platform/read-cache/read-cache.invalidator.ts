import { Inject, Injectable, Logger } from '@nestjs/common';
import { CacheInvalidationBus } from '@platform/redis';
import { READ_CACHE_BUS, READ_CACHE_KIND } from './read-cache.bus';
import { ReadCacheMetrics } from './read-cache.metrics';
import { ReadCacheStore } from './read-cache.store';

/** Writers that change what the cached read routes show (see docs/geo-scoring/read-cache.md). */
export type ReadCacheWriter =
  | 'score-refresh'
  | 'robustness-classify'
  | 'rollup-reconcile'
  | 'licence-tiers'
  | `ingest:${string}`
  /** The operator commands that rewrite rollups, robustness classes or the whole seed. */
  | `command:${'rollups' | 'classify' | 'seed'}`
  /** A change made outside the service's writers (operators, tests writing SQL directly). */
  | 'manual';

/**
 * The one way a writer tells every replica that cached answers are stale. Call it after the
 * write committed. It never throws: the data is committed either way; a failed publish is logged
 * and counted, this replica drops its own cache at once, and other replicas fall back on the
 * entry TTL (or drop everything when they see the epoch moved on reconnect).
 */
@Injectable()
export class ReadCacheInvalidator {
  private readonly logger = new Logger('ReadCache');

  constructor(
    @Inject(READ_CACHE_BUS) private readonly bus: CacheInvalidationBus,
    @Inject(ReadCacheStore) private readonly store: ReadCacheStore,
    @Inject(ReadCacheMetrics) private readonly metrics: ReadCacheMetrics,
  ) {}

  async invalidate(writer: ReadCacheWriter): Promise<void> {
    this.store.clear();
    try {
      await this.bus.publish({ kind: READ_CACHE_KIND, reason: writer });
    } catch (error) {
      this.metrics.publishFailures.inc({ reason: writer.split(':')[0] });
      this.logger.warn({ err: error, writer }, 'read cache invalidation not published');
    }
  }
}
