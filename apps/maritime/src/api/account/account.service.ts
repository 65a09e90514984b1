import { Inject, Injectable } from '@nestjs/common';
import { effectiveRateLimit, PLAN_TABLE } from '@platform/maritime-domain';
import type { Caller } from '../../platform/access/caller';
import { ApiKeysService } from '../../platform/api-keys/api-keys.service';
import type { MeResponse, PlansResponse } from './dto/account.response';

@Injectable()
export class AccountService {
  constructor(@Inject(ApiKeysService) private readonly keys: ApiKeysService) {}

  plans(caller: Caller): PlansResponse {
    return { plans: PLAN_TABLE.map((limits) => ({ ...limits })), tier: caller.limits.tier };
  }

  async me(caller: Caller): Promise<MeResponse> {
    if (!caller.key) throw new Error('AccessGuard lets only keyed callers reach /me');
    // The caller's key may be a replica's copy up to a minute old; last_used_at is read now.
    const key = (await this.keys.findById(caller.key.id)) ?? caller.key;
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
