import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiError } from '@platform/http';
import { FEATURE_MINIMUM_PLANS, meetsPlan, type Plan } from '@platform/maritime-domain';
import type { Request } from 'express';
import { callerOf } from './caller';
import { DEFAULT_ROUTE_ACCESS, ROUTE_ACCESS, type RouteAccess } from './route-access';

/**
 * What a route requires, checked after the access middleware admitted the request and before
 * validation: a key (401 api_key_required), analyst access (403 analyst_access_required), a
 * minimum plan (403 plan_upgrade_required with required_plan; the admin plan's routes answer
 * 403 admin_required).
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(@Inject(Reflector) private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<Request>();
    // Probes, metrics and docs live outside /api/v1 and outside its access rules.
    if (!request.path.startsWith('/api/v1/')) return true;
    const access =
      this.reflector.getAllAndOverride<RouteAccess | undefined>(ROUTE_ACCESS, [
        context.getHandler(),
        context.getClass(),
      ]) ?? DEFAULT_ROUTE_ACCESS;
    if (access.level === 'public') return true;
    const { key } = callerOf(request);
    if (!key)
      throw ApiError.unauthorized('api_key_required', 'This route needs an API key: X-API-Key');
    if (access.level === 'analyst') {
      if (!key.analyst)
        throw ApiError.forbidden(
          'analyst_access_required',
          'This route needs a key with analyst access',
        );
      return true;
    }
    requirePlan(key.plan, access.plan);
    return true;
  }
}

/** 403 unless `plan` reaches `required`. */
export function requirePlan(plan: Plan, required: Plan): void {
  if (meetsPlan(plan, required)) return;
  if (required === FEATURE_MINIMUM_PLANS.ais_ingest)
    throw ApiError.forbidden('admin_required', 'This route needs a key of the admin plan');
  throw new ApiError(403, 'plan_upgrade_required', `This needs the ${required} plan or above`, {
    extra: { required_plan: required },
  });
}
