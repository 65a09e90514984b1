import type { INestApplication } from '@nestjs/common';
import { ConfigValidationError, ServiceConfig } from '@platform/config';
import { PlatformLogger } from '../logging/platform-logger';
import { installGracefulShutdown } from './graceful-shutdown';

/** Prints a start-up failure as one JSON log line per problem, then exits 1. */
export function exitOnStartupError(service: string, error: unknown): never {
  const problems =
    error instanceof ConfigValidationError
      ? error.problems.map((p) => `invalid configuration: ${p}`)
      : [`start-up failed: ${error instanceof Error ? error.message : String(error)}`];
  for (const msg of problems) {
    process.stderr.write(
      `${JSON.stringify({ level: 'fatal', time: new Date().toISOString(), service, msg })}\n`,
    );
  }
  process.exit(1);
}

/**
 * The whole of a service's main: load config, build the app, listen, and drain on SIGTERM.
 * Any start-up problem ends the process with a clear line instead of a stack trace.
 */
export async function runService<C extends ServiceConfig>(
  service: string,
  loadConfig: () => C,
  createApp: (config: C) => Promise<INestApplication>,
): Promise<void> {
  try {
    const config = loadConfig();
    const app = await createApp(config);
    const logger = app.get(PlatformLogger);
    installGracefulShutdown(app, {
      timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
      drainDelayMs: config.SHUTDOWN_DRAIN_DELAY_MS,
      logger,
    });
    await app.listen(config.PORT, '0.0.0.0');
    logger.log(`${service} listening on http://127.0.0.1:${config.PORT}`, 'Bootstrap');
  } catch (error) {
    exitOnStartupError(service, error);
  }
}
