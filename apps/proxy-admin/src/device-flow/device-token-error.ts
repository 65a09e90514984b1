import { ApiError, type ErrorBodyFormat } from '@platform/http';

/** The RFC 6749 5.2 / RFC 8628 3.5 errors the token route answers. */
export const DEVICE_TOKEN_ERRORS = [
  'authorization_pending',
  'slow_down',
  'access_denied',
  'expired_token',
  'invalid_grant',
  'invalid_request',
  'unsupported_grant_type',
] as const;
export type DeviceTokenErrorCode = (typeof DEVICE_TOKEN_ERRORS)[number];

/** A poll's answer other than the token: HTTP 400 with an RFC error code. */
export class DeviceTokenError extends ApiError {
  constructor(code: DeviceTokenErrorCode, description: string) {
    super(400, code, description);
    this.name = 'DeviceTokenError';
  }
}

const RFC_CODES = new Set<string>(DEVICE_TOKEN_ERRORS);

/**
 * The token route's error body, `{ error, error_description }` (RFC 6749 5.2), for every failure
 * there, including a body that does not parse: a standard device-flow client reads nothing else.
 */
export const oauthErrorBody: ErrorBodyFormat = (e) => ({
  error: RFC_CODES.has(e.code) ? e.code : e.status >= 500 ? 'server_error' : 'invalid_request',
  error_description: e.message,
});
