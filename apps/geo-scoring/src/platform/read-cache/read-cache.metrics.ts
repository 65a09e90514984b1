import { Inject, Injectable } from '@nestjs/common';
import { AppMetrics } from '@platform/http';
import { Counter } from 'prom-client';
import type { ReadCacheRoute } from './read-cache.keys';

/** Counters of the read cache on /metrics (see docs/geo-scoring/read-cache.md#metrics). */
@Injectable()
export class ReadCacheMetrics {
  /** Computations run for a cacheable request (a miss's leader, or a request that failed). */
  readonly fills: Counter<'route'>;
  readonly hits: Counter<'route'>;
  /** Times this replica dropped its whole cache, by why. */
  readonly drops: Counter<'reason'>;
  readonly publishFailures: Counter<'reason'>;

  constructor(@Inject(AppMetrics) metrics: AppMetrics) {
    const registers = [metrics.registry];
    this.fills = new Counter({
      name: 'geo_read_cache_fills_total',
      help: 'Read-cache computations (PostgreSQL reads) of cacheable requests, by route',
      labelNames: ['route'],
      registers,
    });
    this.hits = new Counter({
      name: 'geo_read_cache_hits_total',
      help: 'Requests answered from the read cache, by route',
      labelNames: ['route'],
      registers,
    });
    this.drops = new Counter({
      name: 'geo_read_cache_drops_total',
      help: 'Whole read-cache drops: invalidation message, missed messages, or Redis disconnect',
      labelNames: ['reason'],
      registers,
    });
    this.publishFailures = new Counter({
      name: 'geo_read_cache_publish_failures_total',
      help: 'Invalidations that could not be published (other replicas rely on the entry TTL)',
      labelNames: ['reason'],
      registers,
    });
  }

  fill(route: ReadCacheRoute): void {
    this.fills.inc({ route });
  }

  hit(route: ReadCacheRoute): void {
    this.hits.inc({ route });
  }
}
