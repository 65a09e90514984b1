import { ApiError } from '@platform/http';

/** A 401 that also tells the client which scheme to use (RFC 6750 section 3). */
export function unauthorized(code: string, message: string): ApiError {
  return new ApiError(401, code, message, { headers: { 'WWW-Authenticate': 'Bearer' } });
}

/** No Authorization header at all. */
export function missingAuthorization(): ApiError {
  return unauthorized(
    'missing_authorization',
    'Authorization header is required: Authorization: Bearer <token>',
  );
}

/** An Authorization header that is not exactly `Bearer <one token>`. */
export function malformedAuthorization(): ApiError {
  return unauthorized(
    'malformed_authorization',
    'Authorization header must be exactly "Bearer <token>"',
  );
}
