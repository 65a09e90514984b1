import { DynamicModule, Global, Module } from '@nestjs/common';
import { SessionClaimName } from './session-claims';
import { SESSION_TOKEN_VERIFIER, SessionGuard } from './session.guard';
import { SessionTokenVerifier, SessionTokenVerifierOptions } from './session-token.verifier';

/**
 * Provides the session verifier and SessionGuard to the whole app, e.g.
 * `SessionAuthModule.forRoot({ hs256Secret: config.DASHBOARD_SESSION_SECRET, jwksUrl:
 * config.DASHBOARD_JWKS_URL, requiredClaims: ['sub', 'email', 'team_id'] })`, then
 * `@UseGuards(SessionGuard)` on dashboard controllers.
 */
@Global()
@Module({})
export class SessionAuthModule {
  static forRoot<R extends SessionClaimName>(
    options: SessionTokenVerifierOptions<R>,
  ): DynamicModule {
    return {
      module: SessionAuthModule,
      providers: [
        { provide: SESSION_TOKEN_VERIFIER, useFactory: () => new SessionTokenVerifier(options) },
        SessionGuard,
      ],
      exports: [SESSION_TOKEN_VERIFIER, SessionGuard],
    };
  }
}
