import { Provider } from '@nestjs/common';
import {
  SESSION_TOKEN_VERIFIER,
  SessionClaims,
  SessionTokenVerifier,
  SessionVerifier,
  unauthorized,
} from '@platform/auth';
import { ProxyAdminConfig } from '@platform/config';

/**
 * The dashboard session verifier for the preset routes (HS256 with DASHBOARD_SESSION_SECRET, or
 * DASHBOARD_JWKS_URL). A deployment with neither answers 401 on every dashboard route.
 */
export const presetsSessionVerifier: Provider = {
  provide: SESSION_TOKEN_VERIFIER,
  inject: [ProxyAdminConfig],
  useFactory: (config: ProxyAdminConfig): SessionVerifier => {
    const requiredClaims = ['sub', 'email', 'team_id'] as const;
    if (config.DASHBOARD_SESSION_SECRET !== undefined) {
      return new SessionTokenVerifier({
        hs256Secret: config.DASHBOARD_SESSION_SECRET,
        requiredClaims,
      });
    }
    if (config.DASHBOARD_JWKS_URL !== undefined) {
      return new SessionTokenVerifier({ jwksUrl: config.DASHBOARD_JWKS_URL, requiredClaims });
    }
    return {
      verify: (): Promise<SessionClaims> =>
        Promise.reject(unauthorized('unauthorized', 'Dashboard sign-in is not configured')),
    };
  },
};
