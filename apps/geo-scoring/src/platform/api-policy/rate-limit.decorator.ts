import { SetMetadata } from '@nestjs/common';
import { IpRateLimitPolicy } from './rate-limit-policies';

export type { IpRateLimitPolicy, RateLimitPolicy } from './rate-limit-policies';

export const RATE_LIMIT_POLICY = 'geo:rate-limit-policy';

/**
 * Limits a route (or every route of a controller) under one of the per-IP policies
 * (see docs/geo-scoring/read-routes.md#rate-limits). Per-credential policies (apikey, session) are
 * counted by the guard that authenticates the credential, because only it knows whether the
 * credential is real.
 */
export const RateLimit = (policy: IpRateLimitPolicy): MethodDecorator & ClassDecorator =>
  SetMetadata(RATE_LIMIT_POLICY, policy);
