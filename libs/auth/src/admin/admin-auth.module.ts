import { DynamicModule, Global, Module } from '@nestjs/common';
import { AdminTokenAuthenticatorOptions } from './admin-principal';
import { ADMIN_TOKEN_AUTHENTICATOR, AdminGuard } from './admin.guard';
import { AdminTokenAuthenticator } from './admin-token.authenticator';

/**
 * Provides the admin token authenticator and AdminGuard to the whole app, e.g.
 * `AdminAuthModule.forRoot({ adminSecret: config.ADMIN_SECRET, scopedTokens: config.SCOPED_ADMIN_TOKENS })`,
 * then `@UseGuards(AdminGuard)` on admin controllers.
 */
@Global()
@Module({})
export class AdminAuthModule {
  static forRoot(options: AdminTokenAuthenticatorOptions): DynamicModule {
    return {
      module: AdminAuthModule,
      providers: [
        {
          provide: ADMIN_TOKEN_AUTHENTICATOR,
          useFactory: () => new AdminTokenAuthenticator(options),
        },
        AdminGuard,
      ],
      exports: [ADMIN_TOKEN_AUTHENTICATOR, AdminGuard],
    };
  }
}
