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
