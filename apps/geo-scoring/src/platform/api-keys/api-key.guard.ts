import { Injectable } from '@nestjs/common';
import { BearerTokenGuard, PrincipalSlot, unauthorized } from '@platform/auth';
import { GeoScoringConfig } from '@platform/config';
import { ApiError } from '@platform/http';
import type { Request } from 'express';
import { RATE_LIMIT_POLICIES } from '../api-policy/rate-limit-policies';
import { clientIp, enforceRateLimit } from '../api-policy/rate-limited.error';
import { RateLimiter } from '../api-policy/rate-limiter';
import { ApiKeyPrincipal, ApiKeysService } from './api-keys.service';

export const API_KEY_PRINCIPAL = new PrincipalSlot<ApiKeyPrincipal>('API key principal');

const PER_KEY = RATE_LIMIT_POLICIES.apikey.limit;
const FAILURES_PER_IP = RATE_LIMIT_POLICIES['apikey-invalid'].limit;

function apiKeyRequired(): ApiError {
  return unauthorized(
    'api_key_required',
    'An API key is required: Authorization: Bearer geo_<key>',
  );
}

/**
 * Guards /api/v1 routes (see docs/geo-scoring/read-routes.md#authentication): 401 api_key_required
 * without a Bearer key, else invalid_api_key. It also enforces the apikey rate limit
 * (see docs/geo-scoring/read-routes.md#rate-limits), because only here is it known whether a key is
 * real: a valid key counts against its own 600/min, and failed attempts count per client IP, so
 * made-up keys neither get fresh budgets nor unlimited database lookups.
 */
@Injectable()
export class ApiKeyGuard extends BearerTokenGuard<ApiKeyPrincipal> {
  protected readonly slot = API_KEY_PRINCIPAL;

  constructor(
    private readonly apiKeys: ApiKeysService,
    private readonly limiter: RateLimiter,
    private readonly config: GeoScoringConfig,
  ) {
    super();
  }

  protected async authenticate(token: string, request: Request): Promise<ApiKeyPrincipal> {
    if (!this.config.RATE_LIMITS_ENABLED) return this.apiKeys.authenticate(token);
    const ip = `ip:${clientIp(request)}`;
    if (await this.limiter.exhausted('apikey-invalid', ip, FAILURES_PER_IP)) {
      enforceRateLimit(request.res, await this.limiter.hit('apikey-invalid', ip, FAILURES_PER_IP));
    }
    let principal: ApiKeyPrincipal;
    try {
      principal = await this.apiKeys.authenticate(token);
    } catch (error) {
      await this.limiter.hit('apikey-invalid', ip, FAILURES_PER_IP);
      throw error;
    }
    enforceRateLimit(
      request.res,
      await this.limiter.hit('apikey', `key:${principal.keyId}`, PER_KEY),
    );
    return principal;
  }

  protected override missingCredentials(): ApiError {
    return apiKeyRequired();
  }

  protected override malformedCredentials(): ApiError {
    return apiKeyRequired();
  }
}
