import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { REDIS } from './redis.module';

/** `/readyz` check: Redis answers PING on the app's connection. */
@Injectable()
export class RedisReadinessCheck {
  readonly name = 'redis';

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async check(): Promise<void> {
    if (this.redis.status !== 'ready') throw new Error(`redis connection is ${this.redis.status}`);
    await this.redis.ping();
  }
}
