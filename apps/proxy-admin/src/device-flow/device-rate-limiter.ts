import { Inject, Injectable, Logger } from '@nestjs/common';
import { ApiError } from '@platform/http';
import { FixedWindowCounter, REDIS } from '@platform/redis';
import type Redis from 'ioredis';
import { formatIpAddress, parseIpAddress } from '@platform/webhooks';
import { DeviceFlowMetrics } from './device-flow.metrics';

/** The device flow's limits per client IP, fleet-wide (RFC 8628 5.1 and 5.2). */
export const DEVICE_RATE_LIMITS = {
  /** Starting device authorizations. */
  code: { limit: 10, windowSeconds: 60 },
  /** User codes that matched nothing, on the verify page and its POST. */
  wrongUserCode: { limit: 10, windowSeconds: 600 },
  /** Sign-ins started at an identity provider (each writes Redis state and opens a secret). */
  signInStart: { limit: 30, windowSeconds: 600 },
} as const;

export type DeviceRateLimit = keyof typeof DEVICE_RATE_LIMITS;

/**
 * Fixed-window counters in Redis keyed by client IP (req.ip, which honours TRUST_PROXY_HOPS).
 * These limits guard against brute force, so they fail closed: when Redis cannot count, the
 * device routes answer 503 instead of letting guesses through uncounted.
 */
@Injectable()
export class DeviceRateLimiter {
  private readonly logger = new Logger(DeviceRateLimiter.name);
  private readonly counter: FixedWindowCounter;

  constructor(
    @Inject(REDIS) redis: Redis,
    private readonly metrics: DeviceFlowMetrics,
  ) {
    this.counter = new FixedWindowCounter(redis);
  }

  /** Counts one event; throws 429 (with Retry-After) once the window holds more than the limit. */
  async hit(policy: DeviceRateLimit, ip: string): Promise<void> {
    const { limit, windowSeconds } = DEVICE_RATE_LIMITS[policy];
    const { count, ttlMs } = await this.call(policy, () =>
      this.counter.hit(keyOf(policy, ip), windowSeconds * 1000),
    );
    if (count > limit) throw this.limited(policy, ttlMs);
  }

  /**
   * Counts a lookup before it runs, atomically, so parallel guesses cannot all pass a check made
   * before any of them was counted; `release` takes the count back when the code was right.
   */
  async reserve(policy: DeviceRateLimit, ip: string): Promise<() => Promise<void>> {
    await this.hit(policy, ip);
    return async () => {
      await this.call(policy, () => this.counter.takeBack(keyOf(policy, ip)));
    };
  }

  /** Throws 429 when the window is already spent, without counting (before a lookup). */
  async check(policy: DeviceRateLimit, ip: string): Promise<void> {
    const { limit } = DEVICE_RATE_LIMITS[policy];
    const { count, ttlMs } = await this.call(policy, () => this.counter.peek(keyOf(policy, ip)));
    if (count >= limit) throw this.limited(policy, ttlMs);
  }

  private limited(policy: DeviceRateLimit, ttlMs: number): ApiError {
    this.metrics.count('rate_limited');
    return limited(policy, ttlMs);
  }

  private async call<T>(policy: DeviceRateLimit, run: () => Promise<T>): Promise<T> {
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
  return `device:rl:${policy}:${clientSubject(ip)}`;
}

/**
 * Whom a limit counts: an IPv4 address, or an IPv6 client's /64 (one subscriber usually holds a
 * whole /64, so per-address counters would give them 2^64 budgets). IPv4-mapped IPv6 counts as
 * the IPv4 address.
 */
export function clientSubject(ip: string): string {
  const address = parseIpAddress(ip);
  if (address === null) return ip;
  if (address.family === 4) return formatIpAddress(address);
  const bytes = address.bytes;
  const mapped =
    bytes.subarray(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  if (mapped) return [...bytes.subarray(12)].join('.');
  const prefix = Uint8Array.from([...bytes.subarray(0, 8), 0, 0, 0, 0, 0, 0, 0, 0]);
  return `${formatIpAddress({ family: 6, bytes: prefix })}/64`;
}

function limited(policy: DeviceRateLimit, ttlMs: number): ApiError {
  const { limit, windowSeconds } = DEVICE_RATE_LIMITS[policy];
  const what = {
    code: 'device authorizations',
    wrongUserCode: 'wrong user codes',
    signInStart: 'sign-ins started',
  }[policy];
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
