import { DynamicModule } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import { assignRequestId } from './request-id';
import { redactSecrets, redactUrl } from './redact';

export interface LoggingOptions {
  service: string;
  level: string;
  /** Paths whose requests are not logged (probes and scrapes would drown everything else). */
  quietPaths?: string[];
  /** Where log lines go; stdout when omitted (tests capture it). */
  destination?: NodeJS.WritableStream;
}

const DEFAULT_QUIET_PATHS = ['/healthz', '/readyz', '/metrics'];

/**
 * JSON logs with a request id per request and secrets redacted
 * (see docs/runtime.md#logging-and-request-ids).
 */
export function createLoggerModule(options: LoggingOptions): DynamicModule {
  const quiet = new Set(options.quietPaths ?? DEFAULT_QUIET_PATHS);
  return LoggerModule.forRoot({
    pinoHttp: [
      {
        level: options.level,
        base: { service: options.service },
        messageKey: 'msg',
        timestamp: () => `,"time":"${new Date().toISOString()}"`,
        formatters: {
          level: (label) => ({ level: label }),
          log: (object) => redactSecrets(object) as Record<string, unknown>,
        },
        genReqId: (req: IncomingMessage, res: ServerResponse) => assignRequestId(req, res),
        autoLogging: { ignore: (req) => quiet.has((req.url ?? '').split('?')[0] ?? '') },
        customLogLevel: (_req, res, err) =>
          err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
        // Headers go on the completion line only (customSuccessObject / customErrorObject), not
        // into every request's child-logger bindings: serialising them up front for each request
        // cost more than the rest of the logging. `formatters.log` redacts them.
        customSuccessObject: (req, _res, value: Record<string, unknown>) => ({
          ...value,
          headers: loggedHeaders(req),
        }),
        customErrorObject: (req, _res, _error, value: Record<string, unknown>) => ({
          ...value,
          headers: loggedHeaders(req),
        }),
        // Our serializers read the raw objects; the stock wrappers would serialise them first.
        wrapSerializers: false,
        serializers: {
          req: (req: { id: string; method: string; originalUrl?: string; url: string }) => ({
            id: req.id,
            method: req.method,
            url: redactUrl(req.originalUrl ?? req.url),
          }),
          res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
        },
      },
      options.destination ?? process.stdout,
    ],
  });
}

/** A Referer is a URL like any other: its secret-looking query parameters are hidden too. */
function loggedHeaders(req: IncomingMessage): IncomingMessage['headers'] {
  const { referer } = req.headers;
  return referer === undefined ? req.headers : { ...req.headers, referer: redactUrl(referer) };
}
