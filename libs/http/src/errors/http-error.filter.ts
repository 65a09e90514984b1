import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { redactUrl } from '../logging/redact';
import { ErrorBodyFormat } from './error-body';
import { normalizeError } from './normalize-error';

/** Errors are never cacheable, by any cache (platform-wide rule). */
export const ERROR_CACHE_CONTROL = 'private, no-store';

/**
 * Marks an error response uncacheable unless something (a middleware, the error itself) already
 * chose its Cache-Control. Also called by middleware that answers before Nest's own runs.
 */
export function markErrorUncacheable(response: Pick<Response, 'getHeader' | 'setHeader'>): void {
  if (response.getHeader('Cache-Control') === undefined) {
    response.setHeader('Cache-Control', ERROR_CACHE_CONTROL);
  }
}

/**
 * Catches everything and answers in the service's error shape. Client mistakes keep their 4xx;
 * anything unexpected becomes a logged 500 whose body reveals nothing internal.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrorFilter');

  constructor(private readonly format: ErrorBodyFormat) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const request = http.getRequest<Request>();
    const error = normalizeError(exception);

    if (error.unexpected) {
      this.logger.error(
        { err: exception, method: request.method, url: redactUrl(request.originalUrl) },
        'request failed',
      );
    }
    if (response.headersSent) {
      // A stream already started (e.g. SSE): the status can no longer change.
      response.end();
      return;
    }
    markErrorUncacheable(response);
    // After the default, so an error that sets its own Cache-Control keeps it.
    for (const [name, value] of Object.entries(error.headers ?? {}))
      response.setHeader(name, value);
    response.status(error.status).json(this.format(error));
  }
}
