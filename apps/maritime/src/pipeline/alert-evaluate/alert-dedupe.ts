import { Inject, Injectable } from '@nestjs/common';
import { REDIS } from '@platform/redis';
import type Redis from 'ioredis';

/**
 * The dedupe windows, in Redis: the first match of a key within its window claims it
 * (`SET dedupe:<key> NX PX <window>`, under the service's key prefix); later matches are
 * suppressed. Shared by every replica, so two replicas evaluating the same alert still make one
 * delivery.
 */
@Injectable()
export class AlertDedupe {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** True when this call opened the window, false when one is already open. */
  async claim(key: string, windowMs: number): Promise<boolean> {
    return (await this.redis.set(`dedupe:${key}`, '1', 'PX', windowMs, 'NX')) === 'OK';
  }

  /**
   * Gives claimed windows back when the evaluation that claimed them did not commit: its retry
   * must not find its own claims and suppress what was never delivered.
   */
  async release(keys: readonly string[]): Promise<void> {
    if (keys.length > 0) await this.redis.del(...keys.map((key) => `dedupe:${key}`));
  }
}
