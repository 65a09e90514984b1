import {
  DynamicModule,
  Injectable,
  Module,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import Redis from 'ioredis';
import { CacheInvalidationBus } from './cache-invalidation.bus';
import { createRedisConnection } from './redis-connection';
import { REDIS, REDIS_OPTIONS, RedisModuleOptions } from './redis.module';

@Injectable()
class BusLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(private readonly bus: CacheInvalidationBus) {}

  onApplicationBootstrap(): void {
    this.bus.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.bus.stop();
  }
}

/** Provides the app's CacheInvalidationBus on `<prefix>cache-invalidate`. Needs RedisModule. */
@Module({})
export class CacheInvalidationModule {
  static forRoot(): DynamicModule {
    return {
      module: CacheInvalidationModule,
      global: true,
      providers: [
        {
          provide: CacheInvalidationBus,
          inject: [REDIS, REDIS_OPTIONS],
          useFactory: (commands: Redis, options: RedisModuleOptions) =>
            new CacheInvalidationBus({
              commands,
              subscriber: createRedisConnection({
                url: options.url,
                prefix: options.prefix,
                connectionName: `${options.service}:invalidation-bus`,
                maxRetriesPerRequest: null,
                extra: { autoResubscribe: false },
              }),
              channel: `${options.prefix}cache-invalidate`,
            }),
        },
        BusLifecycle,
      ],
      exports: [CacheInvalidationBus],
    };
  }
}
