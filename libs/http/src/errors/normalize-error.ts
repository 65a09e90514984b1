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

/** body-parser / raw-body error types, mapped to what the client did wrong. */
const BODY_PARSER_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  'entity.parse.failed': {
    status: 400,
    code: 'invalid_json',
    message: 'Request body is not valid JSON',
  },
  'entity.too.large': {
    status: 413,
    code: 'payload_too_large',
    message: 'Request body is too large',
  },
  'encoding.unsupported': {
    status: 415,
    code: 'unsupported_media_type',
    message: 'Unsupported content encoding',
  },
  'charset.unsupported': {
    status: 415,
    code: 'unsupported_media_type',
    message: 'Unsupported charset',
  },
  'request.aborted': { status: 400, code: 'request_aborted', message: 'Request was aborted' },
  'entity.verify.failed': {
    status: 400,
    code: 'invalid_request',
    message: 'Request body was rejected',
  },
};

export interface NormalizedWithHeaders extends NormalizedError {
  headers?: Record<string, string>;
  /** True when the failure is ours (status 500): log it with its stack. */
  unexpected: boolean;
}

function bodyParserError(exception: unknown): NormalizedWithHeaders | undefined {
  if (!(exception instanceof Error) || !('type' in exception)) return undefined;
  const known = BODY_PARSER_ERRORS[String((exception as { type: unknown }).type)];
  return known ? { ...known, unexpected: false } : undefined;
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
  const parserError = bodyParserError(exception);
  if (parserError) return parserError;
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    // Nest wraps body-parser failures; look inside for their real cause.
    const inner = bodyParserError(exception.cause);
    if (inner) return inner;
    return {
      status,
      code: CODE_BY_STATUS[status] ?? (status >= 500 ? 'internal_error' : 'http_error'),
      message:
        status === 404 && /^Cannot /.test(messageOf(exception))
          ? 'Route not found'
          : messageOf(exception),
      unexpected: status >= 500,
    };
  }
  return {
    status: 500,
    code: 'internal_error',
    message: 'Internal server error',
    unexpected: true,
  };
}
