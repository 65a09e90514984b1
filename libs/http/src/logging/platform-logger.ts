import type { LoggerService } from '@nestjs/common';
import pino, { type Logger as PinoLogger } from 'pino';
import { redactSecrets } from './redact';
import { currentRequest } from './request-context';

export interface PlatformLoggerOptions {
  service: string;
  level: string;
  /** Where log lines go; stdout when omitted (tests capture it). */
  destination?: NodeJS.WritableStream;
}

type Level = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/**
 * The service's logger: JSON lines (pino) with `level`, ISO `time`, `service` and `msg`, secrets
 * redacted at any depth, and the id of the request being served on every line written while
 * serving it. It is also Nest's LoggerService, so `new Logger(Context)` lines land here.
 * Each app owns its own instance (two apps in one test process keep their lines apart).
 */
export class PlatformLogger implements LoggerService {
  readonly pino: PinoLogger;

  constructor(options: PlatformLoggerOptions) {
    this.pino = pino(
      {
        level: options.level,
        base: { service: options.service },
        messageKey: 'msg',
        timestamp: () => `,"time":"${new Date().toISOString()}"`,
        formatters: {
          level: (label) => ({ level: label }),
          log: (object) => redactSecrets(object) as Record<string, unknown>,
        },
        // Read only when a line is written, so requests that log nothing pay nothing for it.
        mixin: () => {
          const req = currentRequest();
          return req ? { req } : {};
        },
      },
      (options.destination ?? process.stdout) as pino.DestinationStream,
    );
  }

  /** Whether a line at `level` would be written (skip building lines nobody reads). */
  isLevelEnabled(level: Level): boolean {
    return this.pino.isLevelEnabled(level);
  }

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  /**
   * Nest's contract: the last extra parameter is the context (the class that logs); an object
   * message is merged into the line, an Error goes under `err`. Nest's own exception handlers
   * call `error(message, stack, context)`, so a stack-looking string is folded into `err`.
   */
  private write(level: Level, message: unknown, params: unknown[]): void {
    if (!this.pino.isLevelEnabled(level)) return;
    const fields: Record<string, unknown> = {};
    let rest = params;
    if (params.length > 0) {
      fields['context'] = params[params.length - 1];
      rest = params.slice(0, -1);
    }
    if (message instanceof Error) {
      fields['err'] = message;
      this.pino[level](fields, message.message, ...rest);
    } else if (message !== null && typeof message === 'object') {
      this.pino[level](Object.assign(fields, message), ...(rest as [string?]));
    } else if (level === 'error' && isStack(rest)) {
      const err = new Error(String(message));
      err.stack = rest[0] as string;
      fields['err'] = err;
      this.pino[level](fields, String(message));
    } else {
      this.pino[level](fields, String(message), ...rest);
    }
  }
}

function isStack(params: unknown[]): boolean {
  return params.length === 1 && typeof params[0] === 'string' && /\n\s*at /.test(params[0]);
}
