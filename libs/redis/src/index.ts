export { CacheInvalidationBus, publishInvalidation } from './cache-invalidation.bus';
export type {
  CacheInvalidationBusOptions,
  InvalidationEvent,
  InvalidationListener,
  InvalidationMessage,
} from './cache-invalidation.bus';
export { CacheInvalidationModule } from './cache-invalidation.module';
export { redisHost, RedisUnreachableError, withCommandRedis } from './command-redis';
export type { CommandRedisOptions } from './command-redis';
export { FixedWindowCounter } from './fixed-window.counter';
export type { WindowCount } from './fixed-window.counter';
export { closeRedisConnection, createRedisConnection } from './redis-connection';
export type { RedisConnectionOptions } from './redis-connection';
export { RedisReadinessCheck } from './redis-readiness.check';
export { REDIS, REDIS_OPTIONS, RedisModule } from './redis.module';
export type { RedisModuleOptions } from './redis.module';
