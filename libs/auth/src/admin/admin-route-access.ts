import { CustomDecorator, SetMetadata } from '@nestjs/common';

/** Metadata key read by AdminGuard. */
export const ADMIN_ROUTE_ACCESS = 'platform:admin-route-access';

/** What a route (or controller) declares about scoped admin tokens. Unmarked: ADMIN_SECRET only. */
export type AdminRouteAccess = 'scoped-token-allowed' | 'admin-secret-only';

/**
 * Puts a read route on the scoped-token allowlist: a scoped token may call it with a `team_id`
 * query parameter naming one of its teams. Never effective on mutations (non-GET requests).
 */
export function AllowScopedAdminToken(): CustomDecorator<string> {
  return SetMetadata(ADMIN_ROUTE_ACCESS, 'scoped-token-allowed' satisfies AdminRouteAccess);
}

/**
 * Only ADMIN_SECRET may call this route, even inside a controller marked
 * `@AllowScopedAdminToken()` (the handler's mark wins), e.g. `GET /admin/sessions/window`.
 */
export function AdminSecretOnly(): CustomDecorator<string> {
  return SetMetadata(ADMIN_ROUTE_ACCESS, 'admin-secret-only' satisfies AdminRouteAccess);
}
