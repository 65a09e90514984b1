import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import { DashboardSessionGuard } from './dashboard-session.guard';

/**
 * Marks a controller as dashboard routes: the session guard (session, CSRF origin check, per-user
 * limits) and the OpenAPI tag, scheme and answers every such route shares.
 */
export function DashboardRoutes(): ClassDecorator {
  return applyDecorators(
    ApiTags('dashboard'),
    ApiCookieAuth('session'),
    UseGuards(DashboardSessionGuard),
    ApiResponse({ status: 401, description: '`unauthorized` (no, bad or expired session)' }),
    ApiResponse({
      status: 403,
      description: '`origin_mismatch` (a cookie-authenticated write from another site)',
    }),
    ApiResponse({ status: 429, description: '`rate_limited` (300 per minute per user)' }),
  );
}
