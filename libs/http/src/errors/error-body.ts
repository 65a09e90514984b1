import { ErrorDetail } from './api-error';

/** Everything a filter knows about a failure, before it is put in a service's body shape. */
export interface NormalizedError {
  status: number;
  code: string;
  message: string;
  type?: string;
  details?: ErrorDetail[];
  extra?: Record<string, unknown>;
}

/** Turns a normalized error into the JSON body one service answers with. */
export type ErrorBodyFormat = (error: NormalizedError) => Record<string, unknown>;

const OPENAI_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  409: 'conflict_error',
  413: 'invalid_request_error',
  415: 'invalid_request_error',
  422: 'invalid_request_error',
  429: 'rate_limit_error',
};

export function openAiErrorType(status: number): string {
  return OPENAI_TYPES[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
}

/**
 * proxy-admin: `{ "error": { "message", "type", "code" } }`, OpenAI style
 * (see docs/decisions/0002-error-bodies-and-validation.md#decision).
 */
export const openAiErrorBody: ErrorBodyFormat = (e) => ({
  error: {
    message: e.message,
    type: e.type ?? openAiErrorType(e.status),
    code: e.code,
    ...(e.details ? { details: e.details } : {}),
    ...e.extra,
  },
});

/** geo-scoring and maritime: `{ "error": message, "code": code }`. */
export const codeErrorBody: ErrorBodyFormat = (e) => ({
  error: e.message,
  code: e.code,
  ...(e.details ? { details: e.details } : {}),
  ...e.extra,
});
