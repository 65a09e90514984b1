import type { NextFunction, Request, Response } from 'express';
import { ApiError } from './api-error';

const NUL = '\u0000';

/**
 * The path (`body.alias`, `query.tags[1]`, `path`) of the first string in `value` that holds a
 * NUL character, or undefined. PostgreSQL refuses NUL in text, so such input would otherwise
 * surface as a 500 from the database instead of a 400 for the client.
 */
export function findNul(value: unknown, at: string): string | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? at : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findNul(value[i], `${at}[${i}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key.includes(NUL)) return at;
      const found = findNul(inner, at === '' ? key : `${at}.${key}`);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The 400 a NUL character earns, in the validation error's shape. */
export function nulRejected(field: string): ApiError {
  const message = `${field} must not contain a NUL character`;
  return ApiError.badRequest('invalid_request', message, [{ field, message }]);
}

/**
 * Refuses a NUL character anywhere in the path, the query or the parsed JSON body of any request,
 * with the service's usual 400 `invalid_request`: one rule for every route, present and future.
 * Routes that read their raw body (NDJSON, CSV, NMEA) parse it with their own checks.
 */
export function rejectNul(req: Request, _res: Response, next: NextFunction): void {
  let path: string;
  try {
    path = decodeURIComponent(req.path);
  } catch {
    path = req.path;
  }
  if (path.includes(NUL)) return next(nulRejected('path'));
  const field = findNul(req.query, 'query') ?? findNul(req.body, 'body');
  if (field !== undefined) return next(nulRejected(field.replace(/^(query|body)\./, '')));
  next();
}
