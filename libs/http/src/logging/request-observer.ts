import type { NextFunction, Request, Response } from 'express';
import type { IncomingMessage } from 'node:http';
import type { AppMetrics } from '../metrics/http-metrics';
import type { PlatformLogger } from './platform-logger';
import { redactUrl } from './redact';
import { runInRequestContext, type RequestLogContext } from './request-context';
import { assignRequestId } from './request-id';

/** Probes and scrapes: logging them would drown everything else. */
const DEFAULT_QUIET_PATHS = ['/healthz', '/readyz', '/metrics'];

export interface RequestObserverOptions {
  logger: PlatformLogger;
  metrics: AppMetrics;
  /** Paths whose requests are timed but not logged. */
  quietPaths?: string[];
}

/**
 * One middleware, first in the chain, for what every request gets: a request id (echoed as
 * X-Request-Id), the request's log context, one access-log line when it ends (5xx at `error`,
 * 4xx at `warn`, the rest at `info`) and its metrics by route template. One listener per request
 * does both, and a line the configured level drops is never built.
 */
export function observeRequests(options: RequestObserverOptions) {
  const { logger, metrics } = options;
  const quiet = new Set(options.quietPaths ?? DEFAULT_QUIET_PATHS);
  return (req: Request, res: Response, next: NextFunction): void => {
    const startedAt = performance.now();
    const url = req.originalUrl;
    const context: RequestLogContext = {
      id: assignRequestId(req, res),
      method: req.method,
      url: redactUrl(url),
    };
    res.once('close', () => {
      const seconds = (performance.now() - startedAt) / 1000;
      const finished = res.writableFinished;
      if (finished) metrics.record(req, res, seconds);
      const status = res.statusCode;
      const level = !finished || status >= 400 ? (status >= 500 ? 'error' : 'warn') : 'info';
      if (finished && quiet.has(pathOf(url))) return;
      if (!logger.isLevelEnabled(level)) return;
      logger.pino[level](
        {
          req: context,
          res: { statusCode: status },
          responseTime: Math.round(seconds * 1000),
          headers: loggedHeaders(req),
        },
        finished ? 'request completed' : 'request aborted',
      );
    });
    runInRequestContext(context, next);
  };
}

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

/** A Referer is a URL like any other: its secret-looking query parameters are hidden too. */
function loggedHeaders(req: IncomingMessage): IncomingMessage['headers'] {
  const { referer } = req.headers;
  return referer === undefined ? req.headers : { ...req.headers, referer: redactUrl(referer) };
}
