import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { REDIS } from '@platform/redis';
import Redis from 'ioredis';
import { ADMIT_SCRIPT, SETTLE_SCRIPT } from './limit-scripts';

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

export function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
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
interface LimitCommands {
  proxyAdmit(...args: (string | number)[]): Promise<number[]>;
  proxySettle(...args: (string | number)[]): Promise<number>;
}

interface PendingOp {
  command: keyof LimitCommands;
  args: (string | number)[];
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

@Injectable()
export class LimitsService {
  private readonly redis: Redis & LimitCommands;
  private pending: PendingOp[] = [];

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(Clock) private readonly clock: Clock,
  ) {
    // Defined commands run by SHA (EVALSHA, loading the script once), not by sending its text.
    if (!('proxyAdmit' in redis)) {
      redis.defineCommand('proxyAdmit', { numberOfKeys: 4, lua: ADMIT_SCRIPT });
      redis.defineCommand('proxySettle', { numberOfKeys: 2, lua: SETTLE_SCRIPT });
    }
    this.redis = redis as Redis & LimitCommands;
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
    const result = await withDeadline(
      this.batch<number[]>('proxyAdmit', [
        `revoked:${id}`,
        `rl:req:${id}`,
        `rl:tok:${id}`,
        `spend:${id}:${month}`,
        second,
        limits.rpm ?? 0,
        limits.tpm ?? 0,
        tokens,
        limits.monthlyBudgetMicroUsd ?? 0,
        costMicroUsd,
        SPEND_TTL_SECONDS,
      ]),
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
          reservation: { keyId: id, second, month, tokens, costMicroUsd },
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
  async settle(
    reservation: Reservation,
    usedTokens: number,
    costMicroUsd: number,
    now = this.clock.now(),
  ): Promise<void> {
    this.assertConnected();
    await this.batch<number>('proxySettle', [
      `rl:tok:${reservation.keyId}`,
      `spend:${reservation.keyId}:${reservation.month}`,
      reservation.second,
      usedTokens - reservation.tokens,
      costMicroUsd - reservation.costMicroUsd,
      Math.floor(now.getTime() / 1000),
    ]);
  }

  /**
   * Admits and settles of all requests handled in one event-loop pass go to Redis as one
   * pipeline (one write, one read), not one round trip each. Each script still runs atomically
   * on its own, so limits hold exactly as before; only the transport is shared.
   */
  private batch<T>(command: keyof LimitCommands, args: (string | number)[]): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ command, args, resolve: resolve as (value: unknown) => void, reject });
      if (this.pending.length === 1) setImmediate(this.flushBatch);
    });
  }

  private readonly flushBatch = (): void => {
    const ops = this.pending;
    this.pending = [];
    if (ops.length === 1) {
      const [op] = ops as [PendingOp];
      this.redis[op.command](...op.args).then(op.resolve, op.reject);
      return;
    }
    const pipeline = this.redis.pipeline() as unknown as LimitCommands & {
      exec(): Promise<[Error | null, unknown][] | null>;
    };
    for (const op of ops) void pipeline[op.command](...op.args);
    pipeline.exec().then(
      (results) => {
        ops.forEach((op, i) => {
          const [error, value] = results?.[i] ?? [new Error('pipeline answered nothing'), null];
          if (error) op.reject(error);
          else op.resolve(value);
        });
      },
      (error: unknown) => ops.forEach((op) => op.reject(error)),
    );
  };

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

/** Limits cannot be checked now: Redis is not connected or did not answer in time. */
export class LimitsUnavailableError extends Error {
  override readonly name = 'LimitsUnavailableError';
}

/** Longest an admission waits for Redis before the request is refused (or let through). */
const ADMIT_DEADLINE_MS = 250;

function withDeadline<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new LimitsUnavailableError(`no answer within ${ADMIT_DEADLINE_MS} ms`)),
      ADMIT_DEADLINE_MS,
    );
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
