import { Module } from '@nestjs/common';
import { SESSION_TOKEN_VERIFIER, SessionTokenVerifier } from '@platform/auth';
import type { SessionClaims, SessionVerifier } from '@platform/auth';
import { GeoScoringConfig } from '@platform/config';
import { ApiError } from '@platform/http';
import { DashboardSessionGuard } from './dashboard-session.guard';

/** Without APP_SESSION_SECRET no session can be verified: the deployment is missing a setting. */
class SessionsDisabled implements SessionVerifier {
  verify(): Promise<SessionClaims> {
    return Promise.reject(
      new ApiError(503, 'sessions_disabled', 'Dashboard sessions are not configured'),
    );
  }
}

/**
 * Dashboard sessions: HS256 JWTs signed with APP_SESSION_SECRET whose `sub` is the user id, and
 * the guard that checks them and counts the per-user rate limits. Import it in each dashboard
 * feature module.
 */
@Module({
  providers: [
    {
      provide: SESSION_TOKEN_VERIFIER,
      inject: [GeoScoringConfig],
      useFactory: (config: GeoScoringConfig): SessionVerifier =>
        config.APP_SESSION_SECRET === undefined
          ? new SessionsDisabled()
          : new SessionTokenVerifier({
              hs256Secret: config.APP_SESSION_SECRET,
              requiredClaims: ['sub'],
            }),
    },
    DashboardSessionGuard,
  ],
  exports: [SESSION_TOKEN_VERIFIER, DashboardSessionGuard],
})
export class DashboardSessionModule {}
