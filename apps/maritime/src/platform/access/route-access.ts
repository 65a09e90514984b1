import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiSecurity } from '@nestjs/swagger';
import type { Plan } from '@platform/maritime-domain';

/**
 * Who may call a route. `public`: anyone, anonymous callers at the free plan's limit per IP.
 * `key`: an API key of at least `plan`. `analyst`: a key with analyst access. Every /api/v1
 * handler declares one; a handler without it is treated as `key` at starter.
 */
export type RouteAccess = { level: 'public' } | { level: 'key'; plan: Plan } | { level: 'analyst' };

export const ROUTE_ACCESS = Symbol('ROUTE_ACCESS');

export const DEFAULT_ROUTE_ACCESS: RouteAccess = { level: 'key', plan: 'starter' };

export const PublicRoute = (): MethodDecorator & ClassDecorator =>
  SetMetadata<symbol, RouteAccess>(ROUTE_ACCESS, { level: 'public' });

/** A keyed route; starter and above unless another minimum plan is named. */
export const KeyRoute = (plan: Plan = 'starter'): MethodDecorator & ClassDecorator =>
  applyDecorators(
    SetMetadata<symbol, RouteAccess>(ROUTE_ACCESS, { level: 'key', plan }),
    ApiSecurity('api-key'),
  );

export const AnalystRoute = (): MethodDecorator & ClassDecorator =>
  applyDecorators(
    SetMetadata<symbol, RouteAccess>(ROUTE_ACCESS, { level: 'analyst' }),
    ApiSecurity('api-key'),
  );
