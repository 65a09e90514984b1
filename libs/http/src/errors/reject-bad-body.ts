import type { NextFunction, Request, Response } from 'express';
import { ApiError } from './api-error';
import { markErrorUncacheable } from './http-error.filter';
import { codeForStatus } from './normalize-error';

/** body-parser / raw-body failures, mapped to what the client did wrong. */
const BODY_ERRORS: Record<string, { status: number; code: string; message: string }> = {
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
  'request.size.invalid': {
    status: 400,
    code: 'invalid_request',
    message: 'Request size did not match content-length',
  },
};

/**
 * Express error middleware right after the body parser: turns its failures (malformed JSON,
 * too large, bad charset, a body that is not the gzip it claims) into ApiErrors before Nest
 * flattens them into a bare 400 or, without a status it knows, a 500. It runs before any Nest
 * middleware (which is where services set their default Cache-Control), so it marks the response
 * uncacheable itself.
 */
export function rejectBadBody(
  error: unknown,
  _req: Request,
  res: Response,
  next: NextFunction,
): void {
  if (!res.headersSent) markErrorUncacheable(res);
  if (error instanceof Error) {
    const type = (error as { type?: unknown }).type;
    const known = typeof type === 'string' ? BODY_ERRORS[type] : undefined;
    if (known) return next(new ApiError(known.status, known.code, known.message));
    const status = Number(
      (error as { status?: unknown; statusCode?: unknown }).status ??
        (error as { statusCode?: unknown }).statusCode,
    );
    if (status >= 400 && status < 500) {
      return next(new ApiError(status, codeForStatus(status), 'Request body could not be read'));
    }
  }
  next(error);
}
