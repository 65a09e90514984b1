import type { NextFunction, Request, Response } from 'express';
import { ApiError } from './api-error';
import { normalizeError } from './normalize-error';

/**
 * Express error middleware right after the body parser: turns its failures (malformed JSON,
 * too large, bad charset) into ApiErrors before Nest flattens them into a bare 400.
 */
export function rejectBadBody(
  error: unknown,
  _req: Request,
  _res: Response,
  next: NextFunction,
): void {
  if (error instanceof Error && 'type' in error) {
    const normalized = normalizeError(error);
    if (!normalized.unexpected) {
      next(new ApiError(normalized.status, normalized.code, normalized.message));
      return;
    }
  }
  next(error);
}
