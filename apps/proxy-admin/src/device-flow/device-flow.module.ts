import { Module } from '@nestjs/common';
import { IdpConnectionsModule } from '../idp-connections/idp-connections.module';
import { KeysModule } from '../keys/keys.module';
import { OidcModule } from '../oidc/oidc.module';
import { DeviceAuthorizationService } from './device-authorization.service';
import { DeviceAuthorizationsRepository } from './device-authorizations.repository';
import { DeviceDecisionService } from './device-decision.service';
import { DeviceFlowController } from './device-flow.controller';
import { DeviceFlowMetrics } from './device-flow.metrics';
import { DeviceRateLimiter } from './device-rate-limiter';
import { DeviceSignInService } from './device-sign-in.service';
import { DeviceVerifyController } from './device-verify.controller';
import { SignInStore } from './sign-in-store';
import { VerifyCookies } from './verify-cookies';
import { VerifySubmissionGuard } from './verify-submission.guard';

/** SSO key issuance through the OAuth device flow (RFC 8628) and an OIDC sign-in. */
@Module({
  imports: [IdpConnectionsModule, KeysModule, OidcModule],
  controllers: [DeviceFlowController, DeviceVerifyController],
  providers: [
    DeviceAuthorizationsRepository,
    DeviceAuthorizationService,
    DeviceSignInService,
    DeviceDecisionService,
    DeviceRateLimiter,
    DeviceFlowMetrics,
    SignInStore,
    VerifySubmissionGuard,
    VerifyCookies,
  ],
})
export class DeviceFlowModule {}
