import { GeoScoringConfig, loadConfig } from '@platform/config';
import type { TestDatabaseOptions } from '@platform/database';
import {
  isolateService,
  IsolatedServiceResources,
  LogCapture,
  RunningTestApp,
  startTestApp,
} from '@platform/testing';
import { DataSource } from 'typeorm';
import { createDataSource } from '@platform/database';
import { createApp } from '../../src/create-app';
import { migrations } from '../../src/migrations';

export const INGEST_TOKEN = 'test-ingest-token-0123456789';

export interface GeoHarnessOptions {
  /** Extra environment for every replica. */
  env?: Record<string, string>;
  /** Replicas started at once (0: database and Redis only). */
  replicas?: number;
  /** Loads shared data into the migrated template (e.g. the tiny seed), once per test run. */
  prepareTemplate?: TestDatabaseOptions['prepareTemplate'];
  templateVariant?: string;
}

export interface GeoHarness {
  resources: IsolatedServiceResources;
  env: Record<string, string>;
  instances: RunningTestApp[];
  logs: LogCapture[];
  /** A direct connection to this file's database, for fixtures and assertions. */
  db: DataSource;
  config(extraEnv?: Record<string, string>): GeoScoringConfig;
  startInstance(extraEnv?: Record<string, string>): Promise<RunningTestApp>;
  close(): Promise<void>;
}

/** One test file's geo-scoring: its own database (cloned from a template) and Redis prefix. */
export async function startGeo(options: GeoHarnessOptions = {}): Promise<GeoHarness> {
  const resources = await isolateService({
    service: 'geo_scoring',
    migrations,
    redisPrefixBase: 'geo:',
    prepareTemplate: options.prepareTemplate,
    templateVariant: options.templateVariant,
  });
  const env: Record<string, string> = {
    ...resources.env,
    INGEST_TOKEN,
    APP_SESSION_SECRET: 'test-session-secret-0123456789abcdef',
    ...options.env,
  };
  const config = (extra: Record<string, string> = {}): GeoScoringConfig =>
    loadConfig(GeoScoringConfig, { ...env, ...extra });
  const db = createDataSource({
    url: resources.database.url,
    migrations: [],
    applicationName: 'geo-test',
  });
  await db.initialize();
  const instances: RunningTestApp[] = [];
  const logs: LogCapture[] = [];
  const startInstance = async (extra: Record<string, string> = {}): Promise<RunningTestApp> => {
    const log = new LogCapture();
    logs.push(log);
    const app = await startTestApp(() =>
      createApp(config({ LOG_LEVEL: 'info', ...extra }), { logDestination: log }),
    );
    instances.push(app);
    return app;
  };
  for (let i = 0; i < (options.replicas ?? 1); i++) await startInstance();
  return {
    resources,
    env,
    instances,
    logs,
    db,
    config,
    startInstance,
    close: async () => {
      await Promise.all(instances.map((instance) => instance.close()));
      await db.destroy();
      await resources.release();
    },
  };
}

/** The answer of POST /internal/ingest/{dataset} (design 3.7). */
export interface IngestBody {
  dataset: string;
  received: number;
  inserted: number;
  updated: number;
  rejected: number;
  errors: { line: number; message: string }[];
}

/**
 * POSTs `records` as NDJSON to the ingestion route of the service at `baseUrl`, with the
 * harness's token; `query` is appended as is (e.g. `?backfill=true`). Callers assert the answer.
 */
export function postIngest(
  baseUrl: string,
  dataset: string,
  records: readonly object[],
  query = '',
): Promise<Response> {
  return fetch(`${baseUrl}/internal/ingest/${dataset}${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${INGEST_TOKEN}`, 'content-type': 'application/x-ndjson' },
    body: records.map((record) => JSON.stringify(record)).join('\n'),
  });
}

/** A JSON answer of the service. */
export interface JsonReply<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

export interface GeoForFile {
  /** The file's harness; available inside tests and hooks. */
  readonly geo: GeoHarness;
  /** GET against the first replica, body parsed as JSON. */
  get<T = Record<string, unknown>>(path: string): Promise<JsonReply<T>>;
}

/** One geo-scoring for a whole test file: started before its tests, closed after them. */
export function geoForFile(options: GeoHarnessOptions = {}): GeoForFile {
  let harness: GeoHarness | undefined;
  beforeAll(async () => {
    harness = await startGeo(options);
  });
  afterAll(async () => {
    await harness?.close();
  });
  const file: GeoForFile = {
    get geo(): GeoHarness {
      if (harness === undefined)
        throw new Error('geo-scoring starts in beforeAll; use it in tests');
      return harness;
    },
    async get<T>(path: string): Promise<JsonReply<T>> {
      const response = await fetch(`${file.geo.instances[0].url}${path}`);
      return {
        status: response.status,
        headers: response.headers,
        body: (await response.json()) as T,
      };
    },
  };
  return file;
}

/** The edge policy of the open routes (design 3.4) on a successful answer. */
export const PUBLIC_CACHE = 'public, s-maxage=300, stale-while-revalidate=600';

/** A 200 of an open route: edge-cacheable and counted by the 120/min per-IP limit. */
export function expectPublicPolicy(reply: { headers: Headers }): void {
  expect(reply.headers.get('cache-control')).toBe(PUBLIC_CACHE);
  expect(Number(reply.headers.get('x-ratelimit-limit'))).toBe(120);
  expect(reply.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
  expect(reply.headers.get('x-ratelimit-reset')).toMatch(/^\d+$/);
}
