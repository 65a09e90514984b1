import { ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiError } from '@platform/http';
import type { Request } from 'express';
import { BearerTokenGuard } from '../guards/bearer-token.guard';
import { PrincipalSlot } from '../guards/principal-slot';
import { AdminPrincipal, ScopedAdminPrincipal } from './admin-principal';
import { ADMIN_ROUTE_ACCESS, AdminRouteAccess } from './admin-route-access';
import { AdminTokenAuthenticator } from './admin-token.authenticator';

/** Injection token of the app's AdminTokenAuthenticator (see AdminAuthModule). */
export const ADMIN_TOKEN_AUTHENTICATOR = Symbol('ADMIN_TOKEN_AUTHENTICATOR');

/** Where AdminGuard leaves the caller; read it with `@CurrentAdmin()`. */
export const ADMIN_PRINCIPAL = new PrincipalSlot<AdminPrincipal>('admin principal');

/** Scoped tokens are read-only whatever a route declares: never admin mutations. */
const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * Guards admin routes (see docs/proxy-admin/keys-and-limits.md#operator-authentication):
 * ADMIN_SECRET passes everywhere; a scoped token passes only GET routes marked
 * `@AllowScopedAdminToken()` whose `team_id` query parameter names one of its teams. A scoped token
 * without `team_id` is refused with 403 `team_id_required`: it may never read across teams, so
 * leaving the team out is a permission problem, not a malformed request.
 */
@Injectable()
export class AdminGuard extends BearerTokenGuard<AdminPrincipal> {
  protected readonly slot = ADMIN_PRINCIPAL;

  constructor(
    @Inject(ADMIN_TOKEN_AUTHENTICATOR) private readonly authenticator: AdminTokenAuthenticator,
    private readonly reflector: Reflector,
  ) {
    super();
  }

  protected authenticate(token: string): AdminPrincipal {
    return this.authenticator.authenticateToken(token);
  }

  protected override authorize(
    principal: AdminPrincipal,
    request: Request,
    context: ExecutionContext,
  ): void {
    if (principal.kind === 'admin') return;
    const access = this.reflector.getAllAndOverride<AdminRouteAccess | undefined>(
      ADMIN_ROUTE_ACCESS,
      [context.getHandler(), context.getClass()],
    );
    if (access === 'admin-secret-only') {
      throw ApiError.forbidden(
        'scoped_token_not_allowed',
        'This route requires the unrestricted operator token; scoped admin tokens cannot call it',
      );
    }
    if (access !== 'scoped-token-allowed' || !READ_METHODS.has(request.method)) {
      throw ApiError.forbidden(
        'scoped_token_not_allowed',
        'Scoped admin tokens may only call allowlisted read routes',
      );
    }
    checkTeam(principal, request.query['team_id']);
  }
}

function checkTeam(principal: ScopedAdminPrincipal, teamId: unknown): void {
  if (teamId === undefined) {
    throw ApiError.forbidden(
      'team_id_required',
      'A scoped admin token must name its team with the team_id query parameter',
    );
  }
  if (typeof teamId !== 'string') {
    throw ApiError.badRequest('invalid_request', 'team_id must be given exactly once', [
      { field: 'team_id', message: 'must be a single value' },
    ]);
  }
  if (!principal.teamIds.includes(teamId)) {
    throw ApiError.forbidden(
      'team_not_allowed',
      'This scoped admin token does not cover the team named by team_id',
    );
  }
}
