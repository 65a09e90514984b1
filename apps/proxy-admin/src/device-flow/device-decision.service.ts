import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { ApiError } from '@platform/http';
import { DeviceAuthorizationsRepository } from './device-authorizations.repository';
import { formatUserCode, normaliseUserCode } from './device-codes';
import { DeviceFlowMetrics } from './device-flow.metrics';
import { DeviceRateLimiter } from './device-rate-limiter';
import { VerifyDecisionRequest, VerifyDecisionResponse } from './dto/verify-decision.request';
import { SignInStore } from './sign-in-store';
import { SESSION_COOKIE, VerifyCookies } from './verify-cookies';

/**
 * POST /oauth/device/verify: a signed-in employee approves or denies the authorization their
 * sign-in was for. Content type and origin were checked by VerifySubmissionGuard; here the
 * session cookie must exist and name this very authorization, and wrong codes are counted.
 */
@Injectable()
export class DeviceDecisionService {
  private readonly logger = new Logger(DeviceDecisionService.name);

  constructor(
    private readonly authorizations: DeviceAuthorizationsRepository,
    private readonly store: SignInStore,
    private readonly limiter: DeviceRateLimiter,
    private readonly metrics: DeviceFlowMetrics,
    private readonly cookies: VerifyCookies,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async decide(
    input: VerifyDecisionRequest,
    browser: { ip: string; sessionCookie?: string },
  ): Promise<{ body: VerifyDecisionResponse; setCookies: string[] }> {
    await this.limiter.check('wrongUserCode', browser.ip);
    const session =
      browser.sessionCookie === undefined
        ? undefined
        : await this.store.session(browser.sessionCookie);
    if (session === undefined || browser.sessionCookie === undefined)
      throw ApiError.unauthorized(
        'sign_in_required',
        'Sign in on the verify page first (the sign-in lasts a few minutes)',
      );
    const release = await this.limiter.reserve('wrongUserCode', browser.ip);
    const code = normaliseUserCode(input.user_code);
    const now = this.clock.now();
    const authorization =
      code === undefined ? undefined : await this.authorizations.findLiveByUserCode(code, now);
    if (authorization === undefined || authorization.id !== session.authorizationId) {
      throw ApiError.badRequest(
        'invalid_user_code',
        'The code is not valid, has expired, or is not the one you signed in for',
      );
    }
    await release();
    const decision = input.action === 'approve' ? 'approved' : 'denied';
    if (!(await this.authorizations.decide(authorization.id, decision, session.subject, now)))
      throw new ApiError(
        409,
        'authorization_not_pending',
        'This code was already decided or has expired',
      );
    await this.store.closeSession(browser.sessionCookie);
    this.metrics.count(decision);
    this.logger.log(
      { device_authorization_id: authorization.id, team_id: authorization.teamId, decision },
      'device authorization decided',
    );
    return {
      body: { status: decision, user_code: formatUserCode(authorization.userCode) },
      setCookies: [this.cookies.clear(SESSION_COOKIE)],
    };
  }
}
