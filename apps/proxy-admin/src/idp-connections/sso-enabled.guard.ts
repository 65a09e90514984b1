import { CanActivate, Inject, Injectable } from '@nestjs/common';
import { ProxyAdminConfig } from '@platform/config';
import { ApiError } from '@platform/http';

/**
 * The deployment's SSO_DEVICE_FLOW_ENABLED switch: off, creating IdP connections and every
 * device route but the token poll answer 403 sso_device_flow_disabled (before the body is read).
 */
@Injectable()
export class SsoEnabledGuard implements CanActivate {
  constructor(@Inject(ProxyAdminConfig) private readonly config: ProxyAdminConfig) {}

  canActivate(): boolean {
    if (this.config.SSO_DEVICE_FLOW_ENABLED) return true;
    throw ApiError.forbidden(
      'sso_device_flow_disabled',
      'SSO key issuance through the device flow is not enabled on this deployment (SSO_DEVICE_FLOW_ENABLED)',
    );
  }
}
