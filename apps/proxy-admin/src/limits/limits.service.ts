import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { REDIS } from '@platform/redis';
import Redis from 'ioredis';
import { BatchCommand, LimitBatcher, LimitsUnavailableError } from './limit-batch';
import { BATCH_SCRIPT } from './limit-scripts';

export { LimitsUnavailableError } from './limit-batch';

export interface KeyLimits {
  keyId: string;
  rpm: number | null;
  tpm: number | null;
  monthlyBudgetMicroUsd: number | null;
}

export interface Reservation {
  keyId: string;
  second: number;
  month: string;
  tokens: number;
  costMicroUsd: number;
}

export type AdmitVerdict =
  | {
      admitted: true;
      /** null when the request was let through uncounted (LIMITS_FAIL_OPEN, Redis away). */
      reservation: Reservation | null;
      requestsRemaining?: number;
      tokensRemaining?: number;
    }
  | { admitted: false; reason: 'revoked' }
  | {
      admitted: false;
      reason: 'rpm' | 'tpm' | 'budget';
      retryAfterSeconds: number;
      requestsRemaining?: number;
      tokensRemaining?: number;
    };

/** Month spend counters outlive their month a little, for the key list and late settles. */
const SPEND_TTL_SECONDS = 40 * 86_400;
/** How long a revocation marker stays; far longer than any key cache TTL. */
const REVOKED_MARKER_TTL_SECONDS = 86_400;

/** The last month worked out, and the instants it covers (one toISOString a month, not a request). */
let lastMonth = { name: '', from: 0, to: 0 };

export function monthOf(date: Date): string {
  const ms = date.getTime();
  if (ms >= lastMonth.from && ms < lastMonth.to) return lastMonth.name;
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  lastMonth = {
    name: date.toISOString().slice(0, 7),
    from: Date.UTC(year, month, 1),
    to: Date.UTC(year, month + 1, 1),
  };
  return lastMonth.name;
}

function secondsToNextMonth(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/**
 * Per-key rpm, tpm and monthly budget, kept in Redis with atomic scripts so they hold across
 * replicas. Tokens and cost are reserved before dispatch (worst case) and settled after, so
 * concurrent requests cannot overshoot a budget by more than one request's worst case.
 */
@Injectable()
export class LimitsService implements BeforeApplicationShutdown {
  private readonly logger = new Logger(LimitsService.name);
  private readonly redis: Redis & BatchCommand;
  private readonly batcher: LimitBatcher;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(Clock) private readonly clock: Clock,
  ) {
    // Defined commands run by SHA (EVALSHA, loading the script once), not by sending its text.
    // No fixed key count: the batch passes its own (so the connection's key prefix applies).
    if (!('proxyLimitBatch' in redis)) {
      redis.defineCommand('proxyLimitBatch', { lua: BATCH_SCRIPT });
      // The batch is a pipeline of its own: auto-pipelining would only hold it for one more
      // event-loop turn (measured: about 0.07 ms more per admission, one request at a time).
      const ignored = redis.options.autoPipeliningIgnoredCommands ?? [];
      redis.options.autoPipeliningIgnoredCommands = [...ignored, 'proxyLimitBatch'];
    }
    this.redis = redis as Redis & BatchCommand;
    this.batcher = new LimitBatcher(this.redis);
  }

  /** Whatever this event-loop pass queued goes out before Redis closes. */
  beforeApplicationShutdown(): void {
    this.batcher.flushNow();
  }

  async admit(
    limits: KeyLimits,
    tokens: number,
    costMicroUsd: number,
    now = this.clock.now(),
  ): Promise<AdmitVerdict> {
    this.assertConnected();
    const second = Math.floor(now.getTime() / 1000);
    const month = monthOf(now);
    const id = limits.keyId;
    const reservation: Reservation = { keyId: id, second, month, tokens, costMicroUsd };
    const result = await this.batcher.admit<number[]>(
      [`revoked:${id}`, `rl2:req:${id}`, `rl2:tok:${id}`, `spend:${id}:${month}`],
      [
        'a',
        second,
        limits.rpm ?? 0,
        limits.tpm ?? 0,
        tokens,
        limits.monthlyBudgetMicroUsd ?? 0,
        costMicroUsd,
        SPEND_TTL_SECONDS,
      ],
      // Admitted after the caller gave up (and answered 503 or served uncounted): nothing
      // will settle that reservation, so it is given back here.
      (late) => {
        if (Number(late[0]) !== 0) return;
        this.settle(reservation, 0, 0).catch((error: unknown) => {
          this.logger.error({ err: error, key_id: id }, 'late reservation not given back');
        });
      },
    );
    const [verdict, requestsUsed, tokensUsed, oldestRequest, oldestToken] = result.map(Number) as [
      number,
      number,
      number,
      number,
      number,
    ];
    const remaining = {
      requestsRemaining: limits.rpm ? limits.rpm - requestsUsed : undefined,
      tokensRemaining: limits.tpm ? limits.tpm - tokensUsed : undefined,
    };
    const windowRetry = (oldest: number): number => Math.max(1, (oldest || second) + 60 - second);
    switch (verdict) {
      case 0:
        return {
          admitted: true,
          reservation,
          ...remaining,
        };
      case 1:
        return { admitted: false, reason: 'revoked' };
      case 2:
        return {
          admitted: false,
          reason: 'rpm',
          retryAfterSeconds: windowRetry(oldestRequest),
          ...remaining,
        };
      case 3:
        return {
          admitted: false,
          reason: 'tpm',
          retryAfterSeconds: windowRetry(oldestToken),
          ...remaining,
        };
      default:
        return {
          admitted: false,
          reason: 'budget',
          retryAfterSeconds: secondsToNextMonth(now),
          ...remaining,
        };
    }
  }

  /** Replaces the reservation with what was really used (0 and 0 when nothing was served). */
  settle(
    reservation: Reservation,
    usedTokens: number,
    costMicroUsd: number,
    now = this.clock.now(),
  ): Promise<unknown> {
    if (this.redis.status !== 'ready')
      return Promise.reject(new LimitsUnavailableError(`redis ${this.redis.status}`));
    return this.batcher.settle<number>(
      [`rl2:tok:${reservation.keyId}`, `spend:${reservation.keyId}:${reservation.month}`],
      [
        's',
        reservation.second,
        usedTokens - reservation.tokens,
        costMicroUsd - reservation.costMicroUsd,
        Math.floor(now.getTime() / 1000),
      ],
    );
  }

  /**
   * A request never waits behind a Redis reconnect: while the connection is not ready, limits
   * are unavailable at once (the caller answers 503, or fails open where configured).
   */
  private assertConnected(): void {
    if (this.redis.status !== 'ready')
      throw new LimitsUnavailableError(`redis ${this.redis.status}`);
  }

  /** Makes every replica refuse the key from now on, whatever its caches hold. */
  async markRevoked(keyId: string): Promise<void> {
    await this.redis.set(`revoked:${keyId}`, '1', 'EX', REVOKED_MARKER_TTL_SECONDS);
  }

  /** Month-to-date spend (micro-USD) of many keys in one round trip. */
  async monthSpend(keyIds: string[], now = this.clock.now()): Promise<Map<string, number>> {
    if (keyIds.length === 0) return new Map();
    const month = monthOf(now);
    const values = await this.redis.mget(...keyIds.map((id) => `spend:${id}:${month}`));
    return new Map(keyIds.map((id, i) => [id, Number(values[i] ?? 0)]));
  }
}
