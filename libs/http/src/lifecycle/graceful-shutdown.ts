import type { INestApplication, LoggerService } from '@nestjs/common';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { DrainState } from './drain-state';

export interface ShutdownOptions {
  /** After this long, give up on in-flight work and exit 1. */
  timeoutMs: number;
  /**
   * How long the replica keeps listening after the signal while `/readyz` says 503, so the
   * load balancer stops sending before connections are refused.
   */
  drainDelayMs?: number;
  logger: LoggerService;
  signals?: NodeJS.Signals[];
  /** Injected for tests; exits the process by default. */
  exit?: (code: number) => void;
}

/**
 * On SIGTERM/SIGINT: turn `/readyz` to 503 at once and tell the app it is draining (queue
 * workers stop taking jobs) while it keeps listening for `drainDelayMs`; then stop accepting
 * connections, let in-flight requests finish, then close every
 * resource (Nest shutdown hooks drain and close PostgreSQL, close Redis and queues), then exit 0.
 * Nest's own enableShutdownHooks re-raises the signal afterwards, which exits 143; Kubernetes
 * and compose treat that as a crash, hence this handler.
 *
 * `server.close()` alone would keep serving new requests on open keep-alive connections (a load
 * balancer's pool can keep it busy until the deadline), so while draining every response says
 * `Connection: close` and idle connections are closed as they become idle.
 */
export function installGracefulShutdown(app: INestApplication, options: ShutdownOptions): void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const server = app.getHttpServer() as Server;
  let draining = false;
  const inFlight = new Set<ServerResponse>();
  const endKeepAlive = (res: ServerResponse): void => {
    // Before headers are sent this turns the response into `Connection: close`.
    if (!res.headersSent) res.shouldKeepAlive = false;
  };
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (draining) endKeepAlive(res);
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      if (draining) server.closeIdleConnections();
    });
  });

  const onSignal = (signal: NodeJS.Signals): void => {
    if (draining) return;
    draining = true;
    options.logger.log(
      `received ${signal}; draining ${inFlight.size} in-flight requests`,
      'Shutdown',
    );
    app.get(DrainState).begin();
    const deadline = setTimeout(() => {
      options.logger.error(
        `shutdown did not finish within ${options.timeoutMs} ms`,
        undefined,
        'Shutdown',
      );
      exit(1);
    }, options.timeoutMs);
    deadline.unref();
    // Keep serving while the load balancer notices the 503; then stop listening and let every
    // connection finish before Nest's shutdown hooks run, so those hooks (the database pool
    // drain, then closing PostgreSQL, Redis and queues) see no new requests. Nest's own close of
    // the server later finds it closed already.
    new Promise<void>((resolve) => setTimeout(resolve, options.drainDelayMs ?? 0))
      .then(
        () =>
          new Promise<void>((resolve) => {
            inFlight.forEach(endKeepAlive);
            server.close(() => resolve());
            server.closeIdleConnections();
          }),
      )
      .then(() => app.close())
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
