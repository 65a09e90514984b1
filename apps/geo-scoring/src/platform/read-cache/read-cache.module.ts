import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { GeoScoringConfig } from '@platform/config';
import { CacheInvalidationBus, createRedisConnection, REDIS, REDIS_OPTIONS } from '@platform/redis';
import type { RedisModuleOptions } from '@platform/redis';
import type Redis from 'ioredis';
import { READ_CACHE_BUS, readCacheChannel } from './read-cache.bus';
import { READ_CACHE_SUBSCRIBER, ReadCacheCoherence } from './read-cache.coherence';
import { ReadCacheInvalidator } from './read-cache.invalidator';
import { ReadCacheMetrics } from './read-cache.metrics';
import { ReadCacheStore } from './read-cache.store';
import { ReadCacheWiringCheck } from './read-cache.wiring';

/** How long an entry lives at most, for writers that cannot publish (the edge's s-maxage). */
export const READ_CACHE_TTL_MS = 300_000;

/**
 * The coherent read cache of the open read routes (see docs/geo-scoring/read-cache.md). Global so
 * every writer (jobs, ingestion) can inject ReadCacheInvalidator and every route module can build
 * the interceptor @ReadCached attaches. The bus is provided even when
 * READ_CACHE_ENABLED is false: such a replica still publishes for the others.
 */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [
    ReadCacheWiringCheck,
    {
      provide: READ_CACHE_SUBSCRIBER,
      inject: [REDIS_OPTIONS],
      useFactory: (options: RedisModuleOptions) =>
        createRedisConnection({
          url: options.url,
          prefix: options.prefix,
          connectionName: `${options.service}:read-cache`,
          maxRetriesPerRequest: null,
          // The bus subscribes again itself on every reconnect, then checks the epoch.
          extra: { autoResubscribe: false },
        }),
    },
    {
      provide: READ_CACHE_BUS,
      inject: [REDIS, READ_CACHE_SUBSCRIBER, REDIS_OPTIONS],
      useFactory: (commands: Redis, subscriber: Redis, options: RedisModuleOptions) =>
        new CacheInvalidationBus({
          commands,
          subscriber,
          channel: readCacheChannel(options.prefix),
        }),
    },
    {
      provide: ReadCacheStore,
      inject: [GeoScoringConfig],
      useFactory: (config: GeoScoringConfig) =>
        new ReadCacheStore(config.READ_CACHE_MAX_ENTRIES, READ_CACHE_TTL_MS),
    },
    ReadCacheMetrics,
    ReadCacheCoherence,
    ReadCacheInvalidator,
  ],
  // The interceptor is attached per route by @ReadCached and built in each route's module.
  exports: [ReadCacheInvalidator, ReadCacheStore, ReadCacheCoherence, ReadCacheMetrics],
})
export class ReadCacheModule {}
