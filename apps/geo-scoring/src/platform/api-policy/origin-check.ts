import { ApiError } from '@platform/http';
import type { Request } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The CSRF check of the dashboard routes (see docs/geo-scoring/dashboard.md#sessions). A browser
 * attaches the session cookie to a cross-site form post or fetch, but it also sends `Origin`,
 * which a page cannot forge: a write authenticated by the cookie whose `Origin` is present and
 * is neither `APP_ORIGIN` nor the API's own host is refused with 403 `origin_mismatch`.
 * Reads are left alone (they change nothing), and so are requests with an `Authorization`
 * header (a page on another site cannot make the browser add one) or without `Origin` (no
 * browser sent them).
 */
export function checkSessionOrigin(request: Request, appOrigin: string | undefined): void {
  if (SAFE_METHODS.has(request.method)) return;
  const authorization = request.headers.authorization;
  if (authorization !== undefined && authorization !== '') return;
  const origin = request.headers.origin;
  if (origin === undefined) return;
  if (appOrigin !== undefined && origin === appOrigin) return;
  if (hostOf(origin) === request.headers.host?.toLowerCase()) return;
  throw new ApiError(
    403,
    'origin_mismatch',
    'This request came from another site: a signed-in write must come from the dashboard',
  );
}

/** `host[:port]` of an origin, lower-cased; undefined for `null` or anything malformed. */
function hostOf(origin: string): string | undefined {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:'
      ? url.host.toLowerCase()
      : undefined;
  } catch {
    return undefined;
  }
}
