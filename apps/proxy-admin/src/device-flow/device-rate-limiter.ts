import { Inject, Injectable, Logger } from '@nestjs/common';
import { ApiError } from '@platform/http';
import { REDIS } from '@platform/redis';
import type Redis from 'ioredis';
import { DeviceFlowMetrics } from './device-flow.metrics';

/** The device flow's limits per client IP, fleet-wide (RFC 8628 5.1 and 5.2). */
export const DEVICE_RATE_LIMITS = {
  /** Starting device authorizations. */
  code: { limit: 10, windowSeconds: 60 },
  /** User codes that matched nothing, on the verify page and its POST. */
  wrongUserCode: { limit: 10, windowSeconds: 600 },
} as const;

export type DeviceRateLimit = keyof typeof DEVICE_RATE_LIMITS;

// INCR and the expiry in one step, so a counter never outlives its window; returns the count
// and the milliseconds left in the window.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

type RedisWithDeviceHit = Redis & {
  deviceRateHit(key: string, windowMs: number): Promise<[number, number]>;
};

/**
 * Fixed-window counters in Redis keyed by client IP (req.ip, which honours TRUST_PROXY_HOPS).
 * These limits guard against brute force, so they fail closed: when Redis cannot count, the
 * device routes answer 503 instead of letting guesses through uncounted.
 */
@Injectable()
export class DeviceRateLimiter {
  private readonly logger = new Logger(DeviceRateLimiter.name);
  private readonly redis: RedisWithDeviceHit;

  constructor(
    @Inject(REDIS) redis: Redis,
    private readonly metrics: DeviceFlowMetrics,
  ) {
    if (!('deviceRateHit' in redis)) {
      redis.defineCommand('deviceRateHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    }
    this.redis = redis as RedisWithDeviceHit;
  }

  /** Counts one event; throws 429 (with Retry-After) once the window holds more than the limit. */
  async hit(policy: DeviceRateLimit, ip: string): Promise<void> {
    const { limit, windowSeconds } = DEVICE_RATE_LIMITS[policy];
    const [count, ttlMs] = await this.call(policy, () =>
      this.redis.deviceRateHit(keyOf(policy, ip), windowSeconds * 1000),
    );
    if (count > limit) throw this.limited(policy, ttlMs);
  }

  /** Throws 429 when the window is already spent, without counting (before a lookup). */
  async check(policy: DeviceRateLimit, ip: string): Promise<void> {
    const { limit } = DEVICE_RATE_LIMITS[policy];
    const key = keyOf(policy, ip);
    const [count, ttlMs] = await this.call(policy, async () => {
      const [value, ttl] = await Promise.all([this.redis.get(key), this.redis.pttl(key)]);
      return [Number(value ?? 0), ttl] as [number, number];
    });
    if (count >= limit) throw this.limited(policy, ttlMs);
  }

  private limited(policy: DeviceRateLimit, ttlMs: number): ApiError {
    this.metrics.count('rate_limited');
    return limited(policy, ttlMs);
  }

  private async call(
    policy: DeviceRateLimit,
    run: () => Promise<[number, number]>,
  ): Promise<[number, number]> {
    try {
      return await run();
    } catch (error) {
      this.logger.error({ err: error, policy }, 'device rate limiter unavailable');
      throw new ApiError(
        503,
        'rate_limiter_unavailable',
        'The device flow is unavailable for a moment; retry shortly',
        { headers: { 'Retry-After': '5' } },
      );
    }
  }
}

function keyOf(policy: DeviceRateLimit, ip: string): string {
  return `device:rl:${policy}:${ip}`;
}

function limited(policy: DeviceRateLimit, ttlMs: number): ApiError {
  const { limit, windowSeconds } = DEVICE_RATE_LIMITS[policy];
  const what = policy === 'code' ? 'device authorizations' : 'wrong user codes';
  return new ApiError(
    429,
    'rate_limit_exceeded',
    `Too many ${what} from this address (${limit} per ${windowSeconds} s); retry later`,
    {
      headers: {
        'Retry-After': String(Math.max(1, Math.ceil((ttlMs > 0 ? ttlMs : 1000) / 1000))),
        'Cache-Control': 'no-store',
      },
    },
  );
}
