import { Module } from '@nestjs/common';
import { OidcModule } from '../oidc/oidc.module';
import { ClientSecretVault } from './client-secret.vault';
import { IdpConnectionsController } from './idp-connections.controller';
import { IdpConnectionsRepository } from './idp-connections.repository';
import { IdpConnectionsService } from './idp-connections.service';
import { SsoEnabledGuard } from './sso-enabled.guard';

/** Operators' identity-provider connections: one per login domain, secrets sealed at rest. */
@Module({
  imports: [OidcModule],
  controllers: [IdpConnectionsController],
  providers: [IdpConnectionsRepository, IdpConnectionsService, ClientSecretVault, SsoEnabledGuard],
  exports: [IdpConnectionsRepository, IdpConnectionsService, SsoEnabledGuard],
})
export class IdpConnectionsModule {}
