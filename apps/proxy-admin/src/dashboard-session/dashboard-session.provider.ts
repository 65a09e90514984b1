import type { Provider } from '@nestjs/common';
import { SESSION_TOKEN_VERIFIER, SessionTokenVerifier, SessionVerifier } from '@platform/auth';
import { ProxyAdminConfig } from '@platform/config';
import { ApiError } from '@platform/http';

/**
 * The dashboard session verifier (`sub`, `email`, `team_id` required), from
 * DASHBOARD_SESSION_SECRET or DASHBOARD_JWKS_URL. Without either, every dashboard request
 * answers 503 `dashboard_sessions_unconfigured` (the deployment, not the caller, is at fault).
 */
export const dashboardSessionVerifier: Provider = {
  provide: SESSION_TOKEN_VERIFIER,
  inject: [ProxyAdminConfig],
  useFactory: (config: ProxyAdminConfig): SessionVerifier => {
    const hs256Secret = config.DASHBOARD_SESSION_SECRET;
    const jwksUrl = config.DASHBOARD_JWKS_URL;
    if (hs256Secret === undefined && jwksUrl === undefined) {
      return {
        verify: () =>
          Promise.reject(
            new ApiError(
              503,
              'dashboard_sessions_unconfigured',
              'Dashboard sign-in is not configured on this deployment',
            ),
          ),
      };
    }
    return new SessionTokenVerifier({
      ...(hs256Secret !== undefined ? { hs256Secret } : { jwksUrl }),
      requiredClaims: ['sub', 'email', 'team_id'],
    });
  },
};
