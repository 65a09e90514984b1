import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';

/** Longest wait for work holding a connection; the process-wide deadline still applies. */
const DRAIN_TIMEOUT_MS = 10_000;
const POLL_MS = 10;

/**
 * On shutdown, waits (bounded) until no handler holds or awaits a pooled connection.
 *
 * Why: TypeORM's destroy() (called by @nestjs/typeorm on application shutdown) releases every
 * connected QueryRunner even mid-query and ends the pool. A request whose client hung up is no
 * longer awaited by the HTTP drain, so its queries were cut off ("Connection terminated") and the
 * busy connections handed to handlers still waiting (pg's "client is already executing a query").
 * installGracefulShutdown closes the HTTP server before Nest's hooks run, so by now only such
 * stragglers (and queue jobs) can hold connections, and the wait is short.
 */
@Injectable()
export class PoolDrain implements BeforeApplicationShutdown {
  private readonly logger = new Logger('PoolDrain');

  constructor(private readonly dataSource: DataSource) {}

  async beforeApplicationShutdown(): Promise<void> {
    const pool = (this.dataSource.driver as unknown as { master?: Pool }).master;
    if (pool === undefined) return;
    const busy = () => pool.waitingCount > 0 || pool.idleCount < pool.totalCount;
    const deadline = Date.now() + DRAIN_TIMEOUT_MS;
    while (busy() && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    if (busy()) {
      this.logger.warn(
        `closing the pool with connections still in use after ${DRAIN_TIMEOUT_MS} ms`,
      );
    }
  }
}
