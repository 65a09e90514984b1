import { Global, Module } from '@nestjs/common';
import { SESSION_TOKEN_VERIFIER, SessionGuard } from '@platform/auth';
import { dashboardSessionVerifier } from './dashboard-session.provider';

/** The dashboard's session verifier and guard, once for every `/api/...` route of the app. */
@Global()
@Module({
  providers: [dashboardSessionVerifier, SessionGuard],
  exports: [SESSION_TOKEN_VERIFIER, SessionGuard],
})
export class DashboardSessionModule {}
