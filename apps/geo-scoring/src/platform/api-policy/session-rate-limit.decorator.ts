import { SetMetadata } from '@nestjs/common';

export const SESSION_EXTRA_POLICY = 'geo:session-extra-policy';

/** Session policies counted on top of `session` by some routes. */
export type SessionExtraPolicy = 'upload';

/**
 * Counts a session route against a stricter per-user policy as well as `session`
 * (see docs/geo-scoring/dashboard.md#rate-limits), e.g. CSV uploads against `upload` (6/min).
 */
export const SessionRateLimit = (policy: SessionExtraPolicy): MethodDecorator & ClassDecorator =>
  SetMetadata(SESSION_EXTRA_POLICY, policy);
