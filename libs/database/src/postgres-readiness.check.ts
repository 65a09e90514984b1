import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Client } from 'pg';
import { DataSource } from 'typeorm';

/**
 * Each below /readyz's own 2 s per-check timeout, so a hung query fails (and its connection is
 * replaced) instead of being shared by every later probe. A probe that needs a new connection
 * may report down once before that connection answers the next one.
 */
const CONNECT_TIMEOUT_MS = 1_500;
const QUERY_TIMEOUT_MS = 1_500;

/**
 * `/readyz` check: PostgreSQL answers a trivial query on a connection of its own.
 *
 * Not through the app's pool: under load every pooled connection is busy and the check would
 * wait in the same queue and time out, so every busy replica would leave the load balancer at
 * once and push its traffic onto peers that are just as busy. Readiness asks whether the
 * database answers; load is shed by the pool's own 503 + Retry-After.
 */
@Injectable()
export class PostgresReadinessCheck implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly name = 'postgres';
  private client: Client | undefined;
  /** Concurrent probes share one query: a pg Client runs one query at a time. */
  private inFlight: Promise<void> | undefined;

  constructor(private readonly dataSource: DataSource) {}

  /**
   * Connects before the app listens, so the first probe does not pay for connection setup (on
   * a loaded node that alone can outlast the probe's 2 s). A database that is down here is
   * reported by the probes, not by a failed boot.
   */
  async onApplicationBootstrap(): Promise<void> {
    await this.check().catch(() => undefined);
  }

  check(): Promise<void> {
    this.inFlight ??= this.ping().finally(() => (this.inFlight = undefined));
    return this.inFlight;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.inFlight?.catch(() => undefined);
    await this.drop();
  }

  private async ping(): Promise<void> {
    try {
      this.client ??= await this.connect();
      await this.client.query('SELECT 1');
    } catch (error) {
      // A broken connection is replaced on the next probe; ending it may hang on a dead
      // network path, so it is not awaited.
      void this.drop();
      throw error;
    }
  }

  private async connect(): Promise<Client> {
    const { url, applicationName } = this.dataSource.options as {
      url?: string;
      applicationName?: string;
    };
    const client = new Client({
      connectionString: url,
      application_name: `${applicationName ?? 'app'}:readiness`,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      query_timeout: QUERY_TIMEOUT_MS,
    });
    // An idle connection that dies (server restart) emits 'error'; the next probe reconnects.
    client.on('error', () => {
      if (this.client === client) void this.drop();
    });
    await client.connect();
    return client;
  }

  private async drop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
