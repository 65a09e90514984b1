import { ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { SESSION_CLAIMS, SESSION_TOKEN_VERIFIER, SessionGuard } from '@platform/auth';
import type { SessionVerifier } from '@platform/auth';
import { GeoScoringConfig } from '@platform/config';
import type { Request } from 'express';
import { RATE_LIMIT_POLICIES } from './rate-limit-policies';
import { checkSessionOrigin } from './origin-check';
import { enforceRateLimit } from './rate-limited.error';
import { RateLimiter } from './rate-limiter';
import { SESSION_EXTRA_POLICY, SessionExtraPolicy } from './session-rate-limit.decorator';

/**
 * Guards the dashboard routes (see docs/geo-scoring/dashboard.md#sessions): a session JWT from the
 * `session` cookie or `Authorization: Bearer` (401 `unauthorized` without a valid one), the CSRF
 * origin check of cookie-authenticated writes (403 `origin_mismatch`), then the per-user rate
 * limits: `session` (300/min) on every route, plus `upload` (6/min) where a route
 * asks for it. They are counted here because only once the token is verified is the user known.
 */
@Injectable()
export class DashboardSessionGuard extends SessionGuard {
  constructor(
    @Inject(SESSION_TOKEN_VERIFIER) verifier: SessionVerifier,
    private readonly reflector: Reflector,
    private readonly limiter: RateLimiter,
    private readonly config: GeoScoringConfig,
  ) {
    super(verifier);
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    await super.canActivate(context);
    const request = context.switchToHttp().getRequest<Request>();
    checkSessionOrigin(request, this.config.APP_ORIGIN);
    if (!this.config.RATE_LIMITS_ENABLED) return true;
    const subject = `user:${SESSION_CLAIMS.require(request).sub ?? ''}`;
    const session = RATE_LIMIT_POLICIES.session.limit;
    enforceRateLimit(request.res, await this.limiter.hit('session', subject, session));
    const extra = this.reflector.getAllAndOverride<SessionExtraPolicy | undefined>(
      SESSION_EXTRA_POLICY,
      [context.getHandler(), context.getClass()],
    );
    if (extra !== undefined) {
      const limit = RATE_LIMIT_POLICIES[extra].limit;
      // Counted last, so the stricter policy's X-RateLimit-* headers are the ones sent.
      enforceRateLimit(request.res, await this.limiter.hit(extra, subject, limit));
    }
    return true;
  }
}
