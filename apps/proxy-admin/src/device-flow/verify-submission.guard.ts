import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { ProxyAdminConfig } from '@platform/config';
import { ApiError } from '@platform/http';
import type { Request } from 'express';

/**
 * CSRF rules of the verify POST, checked before its body: JSON only (a cross-site form cannot
 * send application/json without a preflight) and an Origin equal to the proxy's public origin.
 * Together with the SameSite=Strict session cookie, no other site can submit a decision.
 */
@Injectable()
export class VerifySubmissionGuard implements CanActivate {
  private readonly origin: string;

  constructor(@Inject(ProxyAdminConfig) config: ProxyAdminConfig) {
    this.origin = new URL(config.SSO_CALLBACK_BASE_URL ?? 'http://invalid').origin;
  }

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json')
      throw new ApiError(
        415,
        'unsupported_media_type',
        'The verify submission must be application/json',
      );
    if (request.headers.origin !== this.origin)
      throw ApiError.forbidden(
        'origin_not_allowed',
        'The verify submission must come from the verify page (same origin)',
      );
    return true;
  }
}
