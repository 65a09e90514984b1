import type { INestApplication, LoggerService } from '@nestjs/common';

export interface ShutdownOptions {
  /** After this long, give up on in-flight work and exit 1. */
  timeoutMs: number;
  logger: LoggerService;
  signals?: NodeJS.Signals[];
  /** Injected for tests; exits the process by default. */
  exit?: (code: number) => void;
}

/**
 * On SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish, close every
 * resource (Nest shutdown hooks close PostgreSQL, Redis and queues), then exit 0.
 * Nest's own enableShutdownHooks re-raises the signal afterwards, which exits 143; Kubernetes
 * and compose treat that as a crash, hence this handler.
 */
export function installGracefulShutdown(app: INestApplication, options: ShutdownOptions): void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let shuttingDown = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (shuttingDown) return;
    shuttingDown = true;
    options.logger.log(`received ${signal}; draining in-flight requests`, 'Shutdown');
    const deadline = setTimeout(() => {
      options.logger.error(
        `shutdown did not finish within ${options.timeoutMs} ms`,
        undefined,
        'Shutdown',
      );
      exit(1);
    }, options.timeoutMs);
    deadline.unref();
    app
      .close()
      .then(() => {
        clearTimeout(deadline);
        options.logger.log('shutdown complete', 'Shutdown');
        exit(0);
      })
      .catch((error: unknown) => {
        clearTimeout(deadline);
        options.logger.error(`shutdown failed: ${String(error)}`, undefined, 'Shutdown');
        exit(1);
      });
  };
  for (const signal of options.signals ?? (['SIGTERM', 'SIGINT'] as NodeJS.Signals[])) {
    process.once(signal, onSignal);
  }
}
