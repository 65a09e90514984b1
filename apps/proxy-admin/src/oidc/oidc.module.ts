import { Module } from '@nestjs/common';
import { IdpHttp } from './idp-http';
import { OidcClient } from './oidc-client';

/** The OIDC identity-provider adapter (discovery and sign-in), SSRF-guarded. */
@Module({
  providers: [IdpHttp, OidcClient],
  exports: [OidcClient],
})
export class OidcModule {}
