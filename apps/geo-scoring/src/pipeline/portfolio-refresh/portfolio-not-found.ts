import { ApiError } from '@platform/http';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a client-supplied id can be a row id at all (dashboard rows are uuids). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/**
 * A portfolio that does not exist, belongs to another user, or whose id is malformed: one answer
 * for all three, so ids of other users' portfolios cannot be probed.
 */
export function portfolioNotFound(): ApiError {
  return ApiError.notFound('portfolio_not_found', 'Portfolio not found');
}
