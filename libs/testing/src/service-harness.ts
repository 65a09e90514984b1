import type { INestApplication } from '@nestjs/common';
import { Clock, FixedClock } from '@platform/clock';
import { createDataSource, type TestDatabaseOptions } from '@platform/database';
import type { DataSource, MigrationInterface } from 'typeorm';
import { LogCapture } from './log-capture';
import { RunningTestApp, startTestApp } from './test-app';
import { isolateService, IsolatedServiceResources } from './test-environment';

/**
 * The instant every service under test believes it is, unless a test file pins another: the last
 * second of a month, so a date computed from the wall clock instead of the injected clock shows
 * up at once, and a run that crosses midnight or a month's end changes nothing.
 */
export const TEST_NOW = '2026-03-31T23:59:59.000Z';

export interface ServiceHarnessOptions<C> {
  /** Database name stem, e.g. `geo_scoring`. */
  service: string;
  /** Redis prefix stem, e.g. `geo:`. */
  redisPrefixBase: string;
  migrations: (new () => MigrationInterface)[];
  loadConfig(env: Record<string, string>): C;
  createApp(
    config: C,
    options: { logDestination: NodeJS.WritableStream; clock: Clock },
  ): Promise<INestApplication>;
  /** Environment every replica gets, on top of the isolated database and Redis prefix. */
  env?: Record<string, string>;
  /** Replicas started at once (0: database and Redis only). */
  replicas?: number;
  /** The clock every replica shares; a FixedClock at TEST_NOW by default. */
  clock?: Clock;
  /** Loads shared data into the migrated template once per test run (e.g. a seed). */
  prepareTemplate?: TestDatabaseOptions['prepareTemplate'];
  templateVariant?: string;
  /** Closes what the file started beside the service (fake peers), after the replicas. */
  onClose?: () => Promise<void>;
}

export interface ServiceHarness<C> {
  resources: IsolatedServiceResources;
  env: Record<string, string>;
  clock: Clock;
  instances: RunningTestApp[];
  /** Everything each replica logged, in start order. */
  logs: LogCapture[];
  /** A direct connection to this file's database, for fixtures and assertions. */
  db: DataSource;
  config(extraEnv?: Record<string, string>): C;
  /** Starts another replica on the same database, Redis prefix and clock. */
  startInstance(extraEnv?: Record<string, string>): Promise<RunningTestApp>;
  close(): Promise<void>;
}

/** One test file's service: its own database (cloned from a template), Redis prefix and clock. */
export async function startServiceHarness<C>(
  options: ServiceHarnessOptions<C>,
): Promise<ServiceHarness<C>> {
  const resources = await isolateService({
    service: options.service,
    migrations: options.migrations,
    redisPrefixBase: options.redisPrefixBase,
    prepareTemplate: options.prepareTemplate,
    templateVariant: options.templateVariant,
  });
  const env: Record<string, string> = { ...resources.env, ...options.env };
  const clock = options.clock ?? new FixedClock(TEST_NOW);
  const config = (extra: Record<string, string> = {}): C =>
    options.loadConfig({ ...env, ...extra });
  const db = createDataSource({
    url: resources.database.url,
    migrations: [],
    applicationName: `${options.service}-test`,
  });
  await db.initialize();
  const instances: RunningTestApp[] = [];
  const logs: LogCapture[] = [];
  const startInstance = async (extra: Record<string, string> = {}): Promise<RunningTestApp> => {
    const log = new LogCapture();
    logs.push(log);
    const app = await startTestApp(() =>
      options.createApp(config({ LOG_LEVEL: 'info', ...extra }), { logDestination: log, clock }),
    );
    instances.push(app);
    return app;
  };
  for (let i = 0; i < (options.replicas ?? 1); i += 1) await startInstance();
  return {
    resources,
    env,
    clock,
    instances,
    logs,
    db,
    config,
    startInstance,
    close: async () => {
      await Promise.all(instances.map((instance) => instance.close()));
      await options.onClose?.();
      await db.destroy();
      await resources.release();
    },
  };
}

/** A JSON answer of a service. */
export interface JsonReply<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

/** Fetches and parses a JSON answer (the body is `null` when the answer is not JSON). */
export async function fetchJson<T = Record<string, unknown>>(
  url: string,
  init?: RequestInit,
): Promise<JsonReply<T>> {
  const response = await fetch(url, init);
  const text = await response.text();
  let body: T;
  try {
    body = JSON.parse(text) as T;
  } catch {
    body = null as T;
  }
  return { status: response.status, headers: response.headers, body };
}

/**
 * One harness for a whole test file: started in beforeAll, closed in afterAll. Read it as
 * `file.current` inside tests and hooks.
 */
export function harnessForFile<H extends { close(): Promise<void> }>(
  start: () => Promise<H>,
): { readonly current: H } {
  let harness: H | undefined;
  beforeAll(async () => {
    harness = await start();
  });
  afterAll(async () => {
    await harness?.close();
  });
  return {
    get current(): H {
      if (harness === undefined)
        throw new Error('the service starts in beforeAll; use it in tests');
      return harness;
    },
  };
}
