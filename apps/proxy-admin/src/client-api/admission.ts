import { Inject, Injectable, Logger } from '@nestjs/common';
import { ProxyAdminConfig } from '@platform/config';
import { ApiError, AppMetrics } from '@platform/http';
import type { ServerResponse } from 'node:http';
import { Counter } from 'prom-client';
import { KeyLimits, LimitsService, Reservation } from '../limits/limits.service';
import { refusalError, setKeyRateHeaders } from './client-errors';

/**
 * Admission and settlement of client requests against the key's rpm, tpm and monthly budget
 * (see docs/proxy-admin/keys-and-limits.md#limits).
 */
@Injectable()
export class Admission {
  private readonly logger = new Logger(Admission.name);
  private readonly failOpen: Counter;

  constructor(
    private readonly limits: LimitsService,
    @Inject(ProxyAdminConfig) private readonly config: ProxyAdminConfig,
    @Inject(AppMetrics) metrics: AppMetrics,
  ) {
    this.failOpen = new Counter({
      name: 'proxy_limits_failopen_total',
      help: 'Requests served without counting rpm/tpm because Redis could not (LIMITS_FAIL_OPEN)',
      registers: [metrics.registry],
    });
  }

  /**
   * Reserves `tokens` and `cost` or throws the 401/429; sets the x-ratelimit-* headers either
   * way. Null: let through uncounted (LIMITS_FAIL_OPEN).
   */
  async admitOrRefuse(
    res: ServerResponse,
    limits: KeyLimits,
    tokens: number,
    cost: number,
  ): Promise<Reservation | null> {
    const verdict = await this.admit(limits, tokens, cost);
    if (!verdict.admitted) {
      if (verdict.reason !== 'revoked') setKeyRateHeaders(res, limits, verdict);
      throw refusalError(verdict);
    }
    setKeyRateHeaders(res, limits, verdict);
    return verdict.reservation;
  }

  /** Replaces a reservation by what was used, behind the answer; failures are logged. */
  settle(reservation: Reservation | null, tokens: number, cost: number): void {
    if (reservation === null) return;
    this.limits.settle(reservation, tokens, cost).catch((error: unknown) => {
      this.logger.error({ err: error, key_id: reservation.keyId }, 'reservation not settled');
    });
  }

  /**
   * Limits and budgets live in Redis; without it they cannot be checked, so the request is
   * refused (503) rather than served unmetered, at once (never queued behind a reconnect). With
   * LIMITS_FAIL_OPEN a key without a budget is served uncounted instead; budgets always fail
   * closed.
   */
  private async admit(
    ...args: Parameters<LimitsService['admit']>
  ): ReturnType<LimitsService['admit']> {
    try {
      return await this.limits.admit(...args);
    } catch (error) {
      const [limits] = args;
      if (this.config.LIMITS_FAIL_OPEN && limits.monthlyBudgetMicroUsd === null) {
        this.failOpen.inc();
        return { admitted: true, reservation: null };
      }
      this.logger.error({ err: error }, 'limits unavailable');
      throw new ApiError(
        503,
        'limits_unavailable',
        'Limits cannot be checked right now; retry shortly',
        { headers: { 'Retry-After': '1' } },
      );
    }
  }
}
