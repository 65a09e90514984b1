import {
  DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
  OnApplicationShutdown,
} from '@nestjs/common';
import Redis from 'ioredis';
import { closeRedisConnection, createRedisConnection } from './redis-connection';

/** Injection token of the app's shared command connection. */
export const REDIS = Symbol('REDIS');
/** Injection token of the connection settings, for modules that open their own connections. */
export const REDIS_OPTIONS = Symbol('REDIS_OPTIONS');

export interface RedisModuleOptions {
  url: string;
  prefix: string;
  /** Names connections in CLIENT LIST, e.g. `proxy-admin`. */
  service: string;
}

@Injectable()
class RedisConnectionCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await closeRedisConnection(this.redis);
  }
}

/** One command connection per app, with the service's key prefix, closed on shutdown. */
@Global()
@Module({})
export class RedisModule {
  static forRoot(options: RedisModuleOptions): DynamicModule {
    return {
      module: RedisModule,
      providers: [
        { provide: REDIS_OPTIONS, useValue: options },
        {
          provide: REDIS,
          useFactory: () =>
            createRedisConnection({
              url: options.url,
              prefix: options.prefix,
              connectionName: `${options.service}:commands`,
              // Commands issued in the same tick go out in one write: under load that saves a
              // syscall per command, which on small VMs costs more than the command itself.
              extra: { enableAutoPipelining: true },
            }),
        },
        RedisConnectionCloser,
      ],
      exports: [REDIS, REDIS_OPTIONS],
    };
  }
}
