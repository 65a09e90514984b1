import { Injectable } from '@nestjs/common';
import { effectiveRateLimit, PLAN_TABLE } from '@platform/maritime-domain';
import type { Caller } from '../../platform/access/caller';
import type { MeResponse, PlansResponse } from './dto/account.response';

@Injectable()
export class AccountService {
  plans(caller: Caller): PlansResponse {
    return { plans: PLAN_TABLE.map((limits) => ({ ...limits })), tier: caller.limits.tier };
  }

  async me(caller: Caller): Promise<MeResponse> {
    // The key as this request was admitted with (the replica's checked copy), so the body agrees
    // with the X-RateLimit-* headers; its last_used_at may be a minute older than the row's.
    const key = caller.key;
    if (!key) throw new Error('AccessGuard lets only keyed callers reach /me');
    const rate = effectiveRateLimit(key.plan, key.rateLimitPerMin);
    const usage = caller.rate;
    return {
      key: {
        id: key.id,
        prefix: key.prefix,
        name: key.name,
        owner_id: key.ownerId,
        analyst: key.analyst,
        created_at: key.createdAt.toISOString(),
        last_used_at: key.lastUsedAt?.toISOString() ?? null,
      },
      plan: { ...caller.limits },
      rate_limit_per_min: rate,
      usage: {
        requests_last_minute: usage.limit - usage.remaining,
        remaining: usage.remaining,
        reset: usage.resetEpochSeconds,
      },
      tier: caller.limits.tier,
    };
  }
}
