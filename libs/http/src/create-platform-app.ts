import type { DynamicModule, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { json, Router, type NextFunction, type Request, type Response } from 'express';
import { rejectBadBody } from './errors/reject-bad-body';
import { rejectNul } from './errors/reject-nul';
import { ErrorBodyFormat } from './errors/error-body';
import { HttpErrorFilter } from './errors/http-error.filter';
import { createValidationPipe } from './errors/validation.pipe';
import { PlatformLogger } from './logging/platform-logger';
import { observeRequests } from './logging/request-observer';
import { AppMetrics } from './metrics/http-metrics';
import { OpenApiOptions, setupOpenApi } from './openapi/openapi';

export interface PlatformAppOptions {
  errorFormat: ErrorBodyFormat;
  openApi: OpenApiOptions;
  /** Proxies whose X-Forwarded-For entries are trusted (Express `trust proxy` as a hop count). */
  trustProxyHops: number;
  /** Largest JSON body accepted; larger answers 413 `payload_too_large`. */
  jsonLimit?: string;
  /**
   * Mounts route-specific body parsers ahead of the global JSON parser (a tighter limit for one
   * route, a text/csv or text/plain body); a body they consume is not parsed again.
   */
  beforeBodyParser?: (parsers: Router) => void;
}

/**
 * Creates a Nest app with everything every service shares: JSON logs, metrics middleware,
 * body limits, global validation, the service's error shape and OpenAPI docs.
 * Routes are not listening yet; the caller decides the port.
 */
export async function createPlatformApp(
  module: Type<unknown> | DynamicModule,
  options: PlatformAppOptions,
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(module, {
    bufferLogs: true,
    bodyParser: false,
    // Throw instead of exiting, so the caller reports the failure in one clear line.
    abortOnError: false,
  });
  const logger = app.get(PlatformLogger);
  app.useLogger(logger);
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxyHops);
  // Registered before any route, so every request is timed and logged, including 404s.
  app.use(observeRequests({ logger, metrics: app.get(AppMetrics) }));
  // Body parsers live in one router that requests without a body (most reads) skip in a
  // single step, instead of being walked layer by layer.
  const parsers = Router();
  options.beforeBodyParser?.(parsers);
  parsers.use(json({ limit: options.jsonLimit ?? '256kb' }), rejectBadBody);
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (hasBody(req)) parsers(req, res, next);
    else next();
  });
  app.use(rejectNul);
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpErrorFilter(options.errorFormat));
  setupOpenApi(app, options.openApi);
  return app;
}

/** What body-parser itself calls a body (type-is's rule): chunked, or any Content-Length. */
function hasBody(req: Request): boolean {
  return (
    req.headers['transfer-encoding'] !== undefined ||
    !Number.isNaN(Number(req.headers['content-length']))
  );
}
