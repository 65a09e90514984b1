import type { INestApplication } from '@nestjs/common';
import { FixedClock } from '@platform/clock';
import { GeoScoringConfig, loadConfig } from '@platform/config';
import {
  fetchJson,
  harnessForFile,
  JsonReply,
  ServiceHarness,
  ServiceHarnessOptions,
  startServiceHarness,
  TEST_NOW,
  waitFor,
} from '@platform/testing';
import { createApp } from '../../src/create-app';
import { migrations } from '../../src/migrations';
import { ReadCacheCoherence } from '../../src/platform/read-cache/read-cache.coherence';
import { ReadCacheInvalidator } from '../../src/platform/read-cache/read-cache.invalidator';
import { ReadCacheMetrics } from '../../src/platform/read-cache/read-cache.metrics';

export type { JsonReply } from '@platform/testing';

export const INGEST_TOKEN = 'test-ingest-token-0123456789';

/** The UTC date every geo-scoring under test believes is today (the harness clock's). */
export const TEST_TODAY = TEST_NOW.slice(0, 10);

export type GeoHarnessOptions = Partial<
  Pick<
    ServiceHarnessOptions<GeoScoringConfig>,
    'env' | 'replicas' | 'prepareTemplate' | 'templateVariant'
  >
>;

/** The file's service; its clock stands at TEST_NOW until a test moves it. */
export interface GeoHarness extends ServiceHarness<GeoScoringConfig> {
  clock: FixedClock;
}

/** One test file's geo-scoring: its own database (cloned from a template), Redis prefix and clock. */
export async function startGeo(options: GeoHarnessOptions = {}): Promise<GeoHarness> {
  const clock = new FixedClock(TEST_NOW);
  const harness = await startServiceHarness({
    service: 'geo_scoring',
    redisPrefixBase: 'geo:',
    migrations,
    loadConfig: (env) => loadConfig(GeoScoringConfig, env),
    createApp,
    ...options,
    clock,
    env: {
      INGEST_TOKEN,
      APP_SESSION_SECRET: 'test-session-secret-0123456789abcdef',
      ...options.env,
    },
  });
  return { ...harness, clock };
}

/**
 * Tells every replica's read cache that data changed, as the service's own writers do after their
 * commit; for tests that change rows with SQL directly (see docs/geo-scoring/read-cache.md).
 */
export async function invalidateReadCache(geo: GeoHarness): Promise<void> {
  // Every replica whose subscription is up gets the message a moment later, the sender too; wait
  // for it, or it could drop what the next test has just filled.
  const listening = geo.instances
    .map((instance) => instance.app)
    .filter((app) => app.get(ReadCacheCoherence).serving);
  const before = await Promise.all(listening.map(readCacheMessageDrops));
  await geo.instances[0]!.app.get(ReadCacheInvalidator).invalidate('manual');
  await waitFor(
    async () =>
      (await Promise.all(listening.map(readCacheMessageDrops))).every((n, i) => n > before[i]!),
    5_000,
    'every replica to drop its read cache',
  );
}

/** How often a replica dropped its read cache on an invalidation message (its own included). */
export async function readCacheMessageDrops(app: INestApplication): Promise<number> {
  const { values } = await app.get(ReadCacheMetrics).drops.get();
  return values.filter((v) => v.labels.reason === 'message').reduce((sum, v) => sum + v.value, 0);
}

/** The answer of POST /internal/ingest/{dataset}. */
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

export interface GeoForFile {
  /** The file's harness; available inside tests and hooks. */
  readonly geo: GeoHarness;
  /** GET against the first replica, body parsed as JSON. */
  get<T = Record<string, unknown>>(path: string): Promise<JsonReply<T>>;
}

/** One geo-scoring for a whole test file: started before its tests, closed after them. */
export function geoForFile(options: GeoHarnessOptions = {}): GeoForFile {
  const file = harnessForFile(() => startGeo(options));
  return {
    get geo(): GeoHarness {
      return file.current;
    },
    get: <T>(path: string) => fetchJson<T>(`${file.current.instances[0]!.url}${path}`),
  };
}

/** The edge policy of the open routes on a successful answer. */
export const PUBLIC_CACHE = 'public, s-maxage=300, stale-while-revalidate=600';

/** A 200 of an open route: edge-cacheable and counted by the 120/min per-IP limit. */
export function expectPublicPolicy(reply: { headers: Headers }): void {
  expect(reply.headers.get('cache-control')).toBe(PUBLIC_CACHE);
  expect(Number(reply.headers.get('x-ratelimit-limit'))).toBe(120);
  expect(reply.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
  expect(reply.headers.get('x-ratelimit-reset')).toMatch(/^\d+$/);
}
