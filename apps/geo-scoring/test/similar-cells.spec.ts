// POST /api/cells/similar over HTTP on the tiny seed (see docs/geo-scoring/similar-cells.md):
// parameter policy, exactness of the cosine, exclusions, found=false reasons, and index rebuilds on
// the Redis messages and on the poll.
import { expectErrorBody, waitFor } from '@platform/testing';
import { latLngToCell } from 'h3-js';
import Redis from 'ioredis';

import { embeddingsUpdatedChannel, scoresRefreshedChannel } from '../src/jobs/job-queues';
import { SIGNAL_GROUPS } from '@platform/geo-domain';
import { SimilarCellsRepository } from '../src/api/similar-cells/similar-cells.repository';
import { SimilarIndexRefresher } from '../src/api/similar-cells/similar-index.refresher';
import { INGEST_TOKEN, startGeo, TEST_TODAY, type GeoHarness } from './support/geo-harness';
import { tinySeedTemplate } from './support/tiny-seed';

jest.setTimeout(180_000);

let geo: GeoHarness;
let publisher: Redis;

// The similar policy allows 30 calls a minute per client IP; behind a trusted proxy each call
// gets its own address so the file's many calls are not throttled.
let clientIp = 0;

interface SimilarCell extends Record<string, unknown> {
  h3_index: string;
  metro_slug: string;
  similarity: number;
  composite: number | null;
  tier: string | null;
  contributions: Record<string, number> | null;
}

interface SimilarBody {
  found: boolean;
  reason?: string;
  sourceH3: string;
  sourceMetro: string | null;
  cells: SimilarCell[];
}

interface Reply<T = SimilarBody> {
  status: number;
  headers: Headers;
  body: T;
}

async function similar(body: unknown, raw = false): Promise<Reply> {
  clientIp++;
  const response = await fetch(`${geo.instances[0].url}/api/cells/similar`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.0.${clientIp >> 8}.${clientIp & 255}`,
    },
    body: raw ? (body as string) : JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as SimilarBody,
  };
}

async function found(body: Record<string, unknown>): Promise<SimilarBody> {
  const reply = await similar(body);
  expect(reply.status).toBe(200);
  expect(reply.body.found).toBe(true);
  return reply.body;
}

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await geo.db.query(text, params)) as T[];
}

/** The stored 8-signal profile of a cell, nulls as 0 (the score vector of look-alike search). */
async function profileOf(h3: string): Promise<number[]> {
  const [cell] = await sql<Record<string, number | null>>(
    'SELECT * FROM cell_scores WHERE h3_index = $1',
    [h3],
  );
  return SIGNAL_GROUPS.map((g) => cell[g] ?? 0);
}

function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  a.forEach((x, j) => {
    dot += x * b[j];
    na += x * x;
    nb += b[j] * b[j];
  });
  return dot / Math.sqrt(na * nb);
}

/** A scored cell of `metro` with an embedding and a non-zero profile. */
async function sourceCell(metro: string, offset = 0): Promise<string> {
  const [row] = await sql<{ h3_index: string }>(
    `SELECT s.h3_index FROM cell_scores s JOIN satellite_embeddings e USING (h3_index)
     WHERE s.metro_slug = $1 AND s.composite IS NOT NULL AND s.safety_environment IS NOT NULL
     ORDER BY s.h3_index OFFSET $2 LIMIT 1`,
    [metro, offset],
  );
  return row.h3_index;
}

function publish(channel: string, runId = '0'): Promise<number> {
  return publisher.publish(channel, JSON.stringify({ score_run_id: runId }));
}

beforeAll(async () => {
  geo = await startGeo({ ...tinySeedTemplate, env: { TRUST_PROXY_HOPS: '1' } });
  publisher = new Redis(geo.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
});

afterAll(async () => {
  await publisher?.quit();
  await geo?.close();
});

describe('POST /api/cells/similar: parameters', () => {
  it('clamps limit: absent → 12, 0 → 1, 1000 → 100; "x" and 2.5 → 400', async () => {
    const h3Index = await sourceCell('atx');
    expect((await found({ h3Index })).cells).toHaveLength(12);
    expect((await found({ h3Index, limit: 0 })).cells).toHaveLength(1);
    expect((await found({ h3Index, limit: 1000 })).cells).toHaveLength(100);
    for (const limit of ['x', 2.5, null]) {
      const reply = await similar({ h3Index, limit });
      expect(reply.status).toBe(400);
      expectErrorBody('code', reply.body, 'invalid_request');
    }
  });

  it('refuses bad cells, modes, flags, unknown fields and malformed bodies with 400 only', async () => {
    const h3Index = await sourceCell('atx');
    const res9 = latLngToCell(30.2672, -97.7431, 9);
    const cases: unknown[] = [
      {},
      { h3Index: res9 },
      { h3Index: 'not-a-cell' },
      { h3Index: 42 },
      { h3Index: h3Index.toUpperCase() },
      { h3Index, mode: 'Score' },
      { h3Index, mode: 'vector' },
      { h3Index, sameMetroOnly: 'true' },
      { h3Index, extra: 1 },
      [],
    ];
    for (const body of cases) {
      const reply = await similar(body);
      expect([reply.status, body]).toEqual([400, body]);
      expectErrorBody('code', reply.body, 'invalid_request');
    }
    // Malformed JSON, and a top-level scalar (strict JSON bodies are objects or arrays).
    for (const raw of ['{"h3Index": ', '"text"']) {
      const malformed = await similar(raw, true);
      expect(malformed.status).toBe(400);
      expectErrorBody('code', malformed.body, 'invalid_json');
    }
  });

  it('is rate limited under the similar policy and never cached', async () => {
    const reply = await similar({ h3Index: await sourceCell('atx') });
    expect(reply.headers.get('x-ratelimit-limit')).toBe('30');
    expect(reply.headers.get('x-ratelimit-remaining')).toBe('29');
    expect(reply.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('POST /api/cells/similar: OpenAPI', () => {
  it('documents the body bounds and the response schema', async () => {
    const doc = (await (await fetch(`${geo.instances[0].url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    const route = doc.paths['/api/cells/similar'].post;
    expect(JSON.stringify(route.requestBody)).toContain('SimilarCellsRequest');
    expect(JSON.stringify(route.responses)).toContain('SimilarCellsResponse');
    const body = doc.components.schemas.SimilarCellsRequest.properties;
    expect(body.limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 12 });
    expect(body.mode).toMatchObject({ enum: ['score', 'satellite', 'blend'], default: 'score' });
    expect(body.sameMetroOnly).toMatchObject({ type: 'boolean', default: false });
    const cell = doc.components.schemas.SimilarCellDto.properties;
    for (const field of [
      'similarity',
      'tier',
      'robustness_class',
      'contributions',
      ...SIGNAL_GROUPS,
    ])
      expect(cell[field]).toBeDefined();
  });
});

describe('POST /api/cells/similar: results', () => {
  it('returns exact cosines of the returned signals, sorted, without the source', async () => {
    for (const metro of ['atx', 'bos']) {
      const h3Index = await sourceCell(metro);
      const body = await found({ h3Index, limit: 100 });
      expect(body.sourceH3).toBe(h3Index);
      expect(body.sourceMetro).toBe(metro);
      expect(Object.keys(body)).toEqual(['found', 'sourceH3', 'sourceMetro', 'cells']);
      const source = await profileOf(h3Index);
      const metros = new Set<string>();
      body.cells.forEach((cell, i) => {
        expect(cell.h3_index).not.toBe(h3Index);
        metros.add(cell.metro_slug);
        const profile = SIGNAL_GROUPS.map((g) => (cell[g] as number | null) ?? 0);
        expect(Math.abs(cell.similarity - cosine(source, profile))).toBeLessThanOrEqual(1e-4);
        expect(cell.similarity).toBeGreaterThanOrEqual(0);
        expect(cell.similarity).toBeLessThanOrEqual(1);
        expect(Number(cell.similarity.toFixed(4))).toBe(cell.similarity);
        const sum = Object.values(cell.contributions!).reduce((a, b) => a + b, 0);
        expect(Math.abs(sum - cell.similarity)).toBeLessThanOrEqual(1e-4);
        expect(Object.keys(cell.contributions!)).toEqual([...SIGNAL_GROUPS]);
        if (i > 0) {
          const previous = body.cells[i - 1];
          expect(previous.similarity).toBeGreaterThanOrEqual(cell.similarity);
          if (previous.similarity === cell.similarity)
            expect(previous.h3_index < cell.h3_index).toBe(true);
        }
      });
      // Without sameMetroOnly the search spans both metros of the seed.
      expect(metros.size).toBe(2);
    }
  });

  it('carries every field of the response', async () => {
    const body = await found({ h3Index: await sourceCell('bos'), limit: 3 });
    const [cell] = body.cells;
    expect(Object.keys(cell)).toEqual([
      'h3_index',
      'metro_slug',
      'lat',
      'lng',
      'composite',
      'confidence',
      'similarity',
      ...SIGNAL_GROUPS,
      'tier',
      'robustness_class',
      'support_stability',
      'contributions',
    ]);
    const [stored] = await sql<Record<string, unknown>>(
      `SELECT s.*, c.lat, c.lng FROM cell_scores s JOIN cells c USING (h3_index)
       WHERE h3_index = $1`,
      [cell.h3_index],
    );
    for (const field of ['metro_slug', 'lat', 'lng', 'composite', 'confidence', ...SIGNAL_GROUPS])
      expect([field, cell[field]]).toEqual([field, stored[field]]);
    expect(cell.robustness_class).toBe(stored.robustness_class);
    expect(cell.support_stability).toBe(stored.support_stability);
  });

  it('sameMetroOnly keeps the source metro only', async () => {
    for (const metro of ['atx', 'bos']) {
      for (const mode of ['score', 'satellite', 'blend']) {
        const body = await found({
          h3Index: await sourceCell(metro),
          sameMetroOnly: true,
          mode,
          limit: 100,
        });
        expect(body.cells).toHaveLength(100);
        expect(body.cells.every((c) => c.metro_slug === metro)).toBe(true);
      }
    }
  });

  it('satellite and blend modes rank by the embedding cosine and the blended distance', async () => {
    const h3Index = await sourceCell('atx', 3);
    const satellite = await found({ h3Index, mode: 'satellite', limit: 100 });
    const blend = await found({ h3Index, mode: 'blend', limit: 100 });
    const embeddings = new Map(
      (
        await sql<{ h3_index: string; embedding: Buffer }>(
          'SELECT h3_index, embedding FROM satellite_embeddings',
        )
      ).map((r) => [
        r.h3_index,
        Array.from({ length: 64 }, (_, j) => r.embedding.readFloatLE(j * 4)),
      ]),
    );
    const source = embeddings.get(h3Index)!;
    const profile = await profileOf(h3Index);
    for (const body of [satellite, blend]) {
      expect(body.cells).toHaveLength(100);
      body.cells.forEach((cell, i) => {
        expect(cell.h3_index).not.toBe(h3Index);
        expect(embeddings.has(cell.h3_index)).toBe(true);
        if (i > 0) expect(body.cells[i - 1].similarity).toBeGreaterThanOrEqual(cell.similarity);
      });
    }
    for (const cell of satellite.cells) {
      expect(cell.contributions).toBeNull();
      const want = Math.max(0, cosine(source, embeddings.get(cell.h3_index)!));
      expect(Math.abs(cell.similarity - want)).toBeLessThanOrEqual(1e-4);
    }
    for (const cell of blend.cells) {
      const s = cosine(
        profile,
        SIGNAL_GROUPS.map((g) => (cell[g] as number | null) ?? 0),
      );
      const e = Math.max(0, cosine(source, embeddings.get(cell.h3_index)!));
      expect(Math.abs(cell.similarity - (1 - (1 - s + (1 - e)) / 2))).toBeLessThanOrEqual(1e-4);
      const sum = Object.values(cell.contributions!).reduce((a, b) => a + b, 0);
      expect(Math.abs(sum - s)).toBeLessThanOrEqual(1e-4);
    }
    // The satellite ranking is not the score ranking (different vectors).
    const score = await found({ h3Index, limit: 100 });
    expect(satellite.cells.map((c) => c.h3_index)).not.toEqual(score.cells.map((c) => c.h3_index));
  });

  it('answers found=false cell_not_scored for a valid unscored res-8 cell', async () => {
    const [cell] = await sql<{ h3_index: string }>(
      `SELECT h3_index FROM cells WHERE h3_index NOT IN (SELECT h3_index FROM cell_scores) LIMIT 1`,
    );
    const outside = latLngToCell(0, 0, 8);
    for (const h3Index of [outside, ...(cell ? [cell.h3_index] : [])]) {
      for (const mode of ['score', 'satellite', 'blend']) {
        const reply = await similar({ h3Index, mode });
        expect(reply.status).toBe(200);
        expect(reply.body).toEqual({
          found: false,
          reason: 'cell_not_scored',
          sourceH3: h3Index,
          sourceMetro: null,
          cells: [],
        });
      }
    }
  });
});

describe('POST /api/cells/similar: index rebuilds', () => {
  it('answers zero_profile once a cell’s profile is all zero and the refresh is announced', async () => {
    const h3Index = await sourceCell('bos', 5);
    const other = await sourceCell('bos', 6);
    await geo.db.query(
      `UPDATE cell_scores SET ${SIGNAL_GROUPS.map((g, i) => `${g} = ${i % 2 ? 'NULL' : '0'}`).join(', ')}
       WHERE h3_index = $1`,
      [h3Index],
    );
    await publish(scoresRefreshedChannel(geo.resources.redisPrefix));
    await waitFor(
      async () => (await similar({ h3Index })).body.reason === 'zero_profile',
      15_000,
      'the rebuilt index',
    );
    expect((await similar({ h3Index, mode: 'blend' })).body).toEqual({
      found: false,
      reason: 'zero_profile',
      sourceH3: h3Index,
      sourceMetro: 'bos',
      cells: [],
    });
    // Still comparable by its embedding; never a candidate of score searches.
    expect((await similar({ h3Index, mode: 'satellite' })).body.found).toBe(true);
    const body = await found({ h3Index: other, limit: 100, sameMetroOnly: true });
    expect(body.cells.map((c) => c.h3_index)).not.toContain(h3Index);
  });

  it('swaps in the new index after a score change and the scores-refreshed message', async () => {
    const source = await sourceCell('atx', 10);
    const twin = await sourceCell('atx', 40);
    await geo.db.query(
      `UPDATE cell_scores t SET ${SIGNAL_GROUPS.map((g) => `${g} = s.${g}`).join(', ')}
       FROM cell_scores s WHERE s.h3_index = $1 AND t.h3_index = $2`,
      [source, twin],
    );
    const before = await found({ h3Index: source, limit: 1 });
    expect(before.cells[0].h3_index).not.toBe(twin);
    await publish(scoresRefreshedChannel(geo.resources.redisPrefix));
    await waitFor(
      async () => (await found({ h3Index: source, limit: 1 })).cells[0].h3_index === twin,
      15_000,
      'the twin to rank first',
    );
    expect((await found({ h3Index: source, limit: 1 })).cells[0].similarity).toBe(1);
  });

  it('rebuilds on the poll when a newer succeeded score run appears (message missed)', async () => {
    const refresher = new SimilarIndexRefresher(new SimilarCellsRepository(geo.db), {
      redisUrl: geo.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      // A prefix nobody publishes on: only the poll can notice the change.
      redisPrefix: `${geo.resources.redisPrefix}poll-only:`,
      pollIntervalMs: 100,
    });
    try {
      await refresher.start();
      expect(refresher.builds).toBe(1);
      const first = refresher.current();
      // Nothing changed: a poll keeps the index.
      await refresher.poll();
      expect(refresher.current()).toBe(first);
      const cell = await sourceCell('atx', 20);
      await geo.db.query(`UPDATE cell_scores SET composite = 1.23 WHERE h3_index = $1`, [cell]);
      await geo.db.query(
        `INSERT INTO score_runs (trigger, as_of, engine_fingerprint, metros, status, finished_at)
         VALUES ('manual', $1, 'test', '{atx}', 'succeeded', now())`,
        [TEST_TODAY],
      );
      await waitFor(() => refresher.current() !== first, 15_000, 'the polled rebuild');
      const index = refresher.current();
      const check = index.checkSource(cell, 'score');
      expect(check.found).toBe(true);
      if (check.found) expect(index.cellAt(check.row).composite).toBe(1.23);
      expect(index.scoreRunId).not.toBe(first.scoreRunId);
      // The old index object is untouched (requests holding it stay consistent).
      const old = first.checkSource(cell, 'score');
      if (old.found) expect(first.cellAt(old.row).composite).not.toBe(1.23);
    } finally {
      await refresher.stop();
    }
  });

  it('answers no_satellite_embedding when embeddings are gone and the change is announced', async () => {
    const h3Index = await sourceCell('atx');
    await geo.db.query('DELETE FROM satellite_embeddings');
    await publish(embeddingsUpdatedChannel(geo.resources.redisPrefix));
    await waitFor(
      async () => (await similar({ h3Index, mode: 'satellite' })).body.found === false,
      15_000,
      'the rebuilt index',
    );
    for (const mode of ['satellite', 'blend']) {
      expect((await similar({ h3Index, mode })).body).toEqual({
        found: false,
        reason: 'no_satellite_embedding',
        sourceH3: h3Index,
        sourceMetro: 'atx',
        cells: [],
      });
    }
    // The score mode does not need embeddings.
    expect((await found({ h3Index })).cells).toHaveLength(12);

    // Embeddings ingested through the real route are announced by the ingest itself.
    const others = (await geo.db.query(
      `SELECT h3_index FROM cell_scores WHERE metro_slug = 'atx' AND h3_index <> $1
       ORDER BY h3_index LIMIT 3`,
      [h3Index],
    )) as { h3_index: string }[];
    const ndjson = [h3Index, ...others.map((r) => r.h3_index)]
      .map((cell, i) =>
        JSON.stringify({
          h3_index: cell,
          embedding: Array.from({ length: 64 }, (_, d) => (d % (i + 2)) / 64),
          model: 'test',
          captured_at: '2026-01-01T00:00:00Z',
        }),
      )
      .join('\n');
    const ingested = await fetch(`${geo.instances[0].url}/internal/ingest/satellite-embeddings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${INGEST_TOKEN}`, 'content-type': 'application/x-ndjson' },
      body: ndjson,
    });
    expect(ingested.status).toBe(200);
    await waitFor(
      async () => (await similar({ h3Index, mode: 'satellite' })).body.found === true,
      15_000,
      'the index rebuilt after the embeddings ingest',
    );
    expect((await found({ h3Index, mode: 'satellite' })).cells).toHaveLength(3);
  });
});
