import { HttpException } from '@nestjs/common';
import { ApiError } from './api-error';
import { NormalizedError } from './error-body';

const CODE_BY_STATUS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'service_unavailable',
};

export function codeForStatus(status: number): string {
  return CODE_BY_STATUS[status] ?? (status >= 500 ? 'internal_error' : 'http_error');
}

export interface NormalizedWithHeaders extends NormalizedError {
  headers?: Record<string, string>;
  /** True when the failure is ours (status 500): log it with its stack. */
  unexpected: boolean;
}

function messageOf(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  return typeof message === 'string' ? message : exception.message;
}

/** Reduces anything thrown while handling a request to status, code and a safe message. */
export function normalizeError(exception: unknown): NormalizedWithHeaders {
  if (exception instanceof ApiError) {
    return {
      status: exception.status,
      code: exception.code,
      message: exception.message,
      type: exception.type,
      details: exception.details,
      extra: exception.extra,
      headers: exception.headers,
      unexpected: exception.status >= 500,
    };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    return {
      status,
      code: codeForStatus(status),
      // A 5xx message may carry internals; clients get a generic one (the log has the rest).
      message:
        status >= 500
          ? 'Internal server error'
          : status === 404 && /^Cannot /.test(messageOf(exception))
            ? 'Route not found'
            : messageOf(exception),
      unexpected: status >= 500,
    };
  }
  if (isOverloaded(exception)) {
    return {
      status: 503,
      code: 'service_unavailable',
      message: 'The service is overloaded; retry shortly',
      headers: { 'Retry-After': '1' },
      unexpected: false,
    };
  }
  if (isDependencyUnavailable(exception)) {
    return {
      status: 503,
      code: 'service_unavailable',
      message: 'A service this one depends on is unavailable; retry shortly',
      headers: { 'Retry-After': '2' },
      unexpected: false,
    };
  }
  return {
    status: 500,
    code: 'internal_error',
    message: 'Internal server error',
    unexpected: true,
  };
}

/**
 * The database pool could not hand out a connection in time (node-postgres's pool timeout):
 * the request was fine, the service is saturated. Clients and load balancers should back off and
 * retry, which is what 503 + Retry-After says; a 500 would say our code failed.
 */
export function isOverloaded(exception: unknown): boolean {
  for (let error = exception, depth = 0; error instanceof Error && depth < 3; depth++) {
    if (error.message === 'timeout exceeded when trying to connect') return true;
    error = error.cause;
  }
  return false;
}

/** Socket-level failures: the peer is gone, refused us, or the connection broke. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** Client messages of a PostgreSQL or Redis connection that broke or is not there. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^Connection is closed\.?$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Stream isn't writeable/,
  /^Reached the max retries per request limit/,
  /^Connection timeout$/,
];

/**
 * A dependency outage rather than a bug: PostgreSQL or Redis refused, reset or dropped the
 * connection, or PostgreSQL is shutting down or not accepting connections (SQLSTATE class 08,
 * 57P01-57P03). The request was fine; 503 + Retry-After tells clients to come back.
 */
export function isDependencyUnavailable(exception: unknown): boolean {
  // Duck-typed, not `instanceof Error`: errors raised by Node's own socket code can come from
  // another realm (a test sandbox, a worker) and still be what they say.
  let error = exception as ErrorLike | undefined;
  for (let depth = 0; isErrorLike(error) && depth < 4; depth++) {
    const code = error.code;
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code)) return true;
      if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code)) return true;
    }
    const message = typeof error.message === 'string' ? error.message : '';
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    if (error.name === 'MaxRetriesPerRequestError') return true;
    error = (isErrorLike(error.driverError) ? error.driverError : error.cause) as
      ErrorLike | undefined;
  }
  return false;
}

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  name?: unknown;
  cause?: unknown;
  driverError?: unknown;
}

function isErrorLike(value: unknown): value is ErrorLike {
  return typeof value === 'object' && value !== null;
}
