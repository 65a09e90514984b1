// GET /api/v1/spatial-diagnostics on the tiny seed
// (see docs/geo-scoring/spatial-diagnostics.md#route): API-key auth, limit clamp, default HL/LH
// filter, filters, and local_moran recomputed from the composites.
import { gridDisk } from 'h3-js';
import type { CommandIo } from '@platform/cli';
import { apiKeyCommand } from '../src/platform/api-keys/api-key.command';
import { localMoran } from '@platform/geo-domain';
import { GeoHarness, startGeo } from './support/geo-harness';
import { tinySeedTemplate } from './support/tiny-seed';

jest.setTimeout(180_000);

interface Outlier {
  h3_index: string;
  metro_slug: string;
  lat: number;
  lng: number;
  location_name: string | null;
  score_baseline: number;
  experimental_composite: number;
  spatial_diagnostics: {
    cluster_type: string;
    local_moran: number;
    quadrant: string;
    p_value: number | null;
    q_value: number | null;
    z: number;
    spatial_lag: number;
    neighbors: number;
    persistence: number | null;
  };
}
interface Body {
  total: number;
  outliers: Outlier[];
  meta: {
    run_id: string | null;
    computed_at: string | null;
    permutations: number | null;
    seed: number | null;
    significance: number;
    runs: { metro_slug: string; run_id: string }[];
  };
}

describe('GET /api/v1/spatial-diagnostics', () => {
  let geo: GeoHarness;
  let key: string;

  const keyCommand = async (args: string[]): Promise<string[]> => {
    const lines: string[] = [];
    const io: CommandIo = { out: (l) => lines.push(l), err: () => undefined };
    expect(await apiKeyCommand.run(args, { DATABASE_URL: geo.resources.database.url }, io)).toBe(0);
    return lines;
  };
  const createKey = async (name: string): Promise<{ id: string; key: string }> =>
    JSON.parse((await keyCommand(['create', '--owner', 'diag-user', '--name', name]))[0]) as {
      id: string;
      key: string;
    };

  const get = async <T = Body>(
    query = '',
    authorization: string | null = `Bearer ${key}`,
  ): Promise<{ status: number; body: T; headers: Headers }> => {
    const response = await fetch(`${geo.instances[0].url}/api/v1/spatial-diagnostics${query}`, {
      headers: authorization === null ? {} : { authorization },
    });
    return {
      status: response.status,
      body: (await response.json()) as T,
      headers: response.headers,
    };
  };

  const inOrder = (outliers: Outlier[]): boolean =>
    outliers.every((o, i) => {
      if (i === 0) return true;
      const a = outliers[i - 1].spatial_diagnostics;
      const b = o.spatial_diagnostics;
      const pa = a.p_value ?? Infinity;
      const pb = b.p_value ?? Infinity;
      if (pa !== pb) return pa < pb;
      const ia = Math.abs(a.local_moran);
      const ib = Math.abs(b.local_moran);
      if (ia !== ib) return ia > ib;
      return outliers[i - 1].h3_index < o.h3_index;
    });

  beforeAll(async () => {
    geo = await startGeo({ ...tinySeedTemplate, env: { QUEUE_WORKERS: 'false' } });
    ({ key } = await createKey('diagnostics'));
  });
  afterAll(async () => {
    await geo?.close();
  });

  describe('authentication', () => {
    it('no Authorization header → 401 api_key_required', async () => {
      const { status, body, headers } = await get<{ code: string }>('', null);
      expect({ status, code: body.code }).toEqual({ status: 401, code: 'api_key_required' });
      expect(headers.get('cache-control')).toBe('private, no-store');
    });

    it.each(['Basic abc', 'Bearer'])('malformed %s → 401 api_key_required', async (header) => {
      const { status, body } = await get<{ code: string }>('', header);
      expect({ status, code: body.code }).toEqual({ status: 401, code: 'api_key_required' });
    });

    it('an unknown or revoked key → 401 invalid_api_key', async () => {
      const unknown = await get<{ code: string }>('', `Bearer geo_${'x'.repeat(40)}`);
      expect({ status: unknown.status, code: unknown.body.code }).toEqual({
        status: 401,
        code: 'invalid_api_key',
      });
      const revoked = await createKey('revoked');
      expect((await get('', `Bearer ${revoked.key}`)).status).toBe(200);
      await keyCommand(['revoke', revoked.id]);
      const after = await get<{ code: string }>('', `Bearer ${revoked.key}`);
      expect({ status: after.status, code: after.body.code }).toEqual({
        status: 401,
        code: 'invalid_api_key',
      });
    });
  });

  it('without type: HL and LH only, p ≤ 0.05, ordered; private, no-store; apikey limit', async () => {
    const { status, body, headers } = await get('?limit=500');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('private, no-store');
    expect(headers.get('x-ratelimit-limit')).toBe('600');
    expect(body.outliers.length).toBeGreaterThan(0);
    for (const o of body.outliers) {
      expect(['HL', 'LH']).toContain(o.spatial_diagnostics.cluster_type);
      expect(o.spatial_diagnostics.quadrant).toBe(o.spatial_diagnostics.cluster_type);
      expect(o.spatial_diagnostics.p_value).toBeLessThanOrEqual(0.05);
      expect(o.spatial_diagnostics.persistence).toBeNull();
    }
    expect(inOrder(body.outliers)).toBe(true);
    const [expected] = await geo.db.query<{ n: string }[]>(
      `SELECT COUNT(*)::text AS n FROM metros m
       JOIN spatial_diagnostics d ON d.run_id = m.current_diag_run_id
       WHERE d.cluster_type IN ('HL', 'LH')`,
    );
    expect(body.total).toBe(Number(expected.n));
    expect(body.meta.significance).toBe(0.05);
    expect(body.meta.runs.map((r) => r.metro_slug)).toEqual(['atx', 'bos']);
    expect(body.meta.permutations).toBe(999);
  });

  it('limit: default 50, 10000 → at most 500, 0 → 1, non-integer → 400', async () => {
    const all = await get('?type=LL&limit=10000');
    expect(all.status).toBe(200);
    expect(all.body.outliers.length).toBeLessThanOrEqual(500);
    expect(all.body.outliers.length).toBe(Math.min(500, all.body.total));
    const defaults = await get('?type=LL');
    expect(defaults.body.outliers.length).toBe(Math.min(50, defaults.body.total));
    expect(defaults.body.outliers).toEqual(
      all.body.outliers.slice(0, defaults.body.outliers.length),
    );
    const one = await get('?type=LL&limit=0');
    expect(one.body.outliers.length).toBe(Math.min(1, one.body.total));
  });

  it("local_moran equals Local Moran's I recomputed from the composites and k=1 neighbours", async () => {
    let checked = 0;
    for (const metro of ['atx', 'bos']) {
      const cells = await geo.db.query<{ h3_index: string; composite: number }[]>(
        `SELECT h3_index, composite FROM cell_scores
         WHERE metro_slug = $1 AND composite IS NOT NULL ORDER BY h3_index COLLATE "C"`,
        [metro],
      );
      const indexOf = new Map(cells.map((c, i) => [c.h3_index, i]));
      const neighbours = cells.map((c, i) =>
        gridDisk(c.h3_index, 1)
          .map((n) => indexOf.get(n))
          .filter((j): j is number => j !== undefined && j !== i)
          .sort((a, b) => a - b),
      );
      const moran = localMoran(
        cells.map((c) => c.composite),
        neighbours,
      );
      for (const type of ['', '&type=HH', '&type=LL', '&type=TDA_DONUT']) {
        const { body } = await get(`?metro_slug=${metro}&limit=500${type}`);
        for (const o of body.outliers) {
          const i = indexOf.get(o.h3_index)!;
          const d = o.spatial_diagnostics;
          expect(Math.abs(d.local_moran - moran.I[i])).toBeLessThan(1e-6);
          expect(d.quadrant).toBe(moran.quadrant[i]);
          expect(d.neighbors).toBe(neighbours[i].length);
          expect(o.score_baseline).toBe(cells[i].composite);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('metro_slug restricts to the metro current run; unknown → 404, malformed → 400', async () => {
    const { body } = await get('?metro_slug=bos&type=HH&limit=500');
    const [metro] = await geo.db.query<{ run: string }[]>(
      `SELECT current_diag_run_id::text AS run FROM metros WHERE slug = 'bos'`,
    );
    expect(body.meta.run_id).toBe(metro.run);
    expect(body.meta.runs).toHaveLength(1);
    expect(body.outliers.every((o) => o.metro_slug === 'bos')).toBe(true);
    expect(body.outliers.every((o) => o.spatial_diagnostics.cluster_type === 'HH')).toBe(true);
    const [cell] = await geo.db.query<{ lat: number; lng: number; location_name: string | null }[]>(
      'SELECT lat, lng, location_name FROM cells WHERE h3_index = $1',
      [body.outliers[0].h3_index],
    );
    expect(body.outliers[0]).toMatchObject(cell);
    const unknown = await get<{ code: string }>('?metro_slug=zzz');
    expect({ status: unknown.status, code: unknown.body.code }).toEqual({
      status: 404,
      code: 'metro_not_found',
    });
    for (const malformed of ['ATX', '', 'a', 'abcdefghijk']) {
      const bad = await get<{ code: string }>(`?metro_slug=${malformed}`);
      expect({ status: bad.status, code: bad.body.code }).toEqual({
        status: 400,
        code: 'invalid_request',
      });
    }
  });

  it('type=TDA_DONUT lists donuts with persistence; fdr=true also requires q ≤ 0.05', async () => {
    const donuts = await get('?type=TDA_DONUT&limit=500');
    expect(donuts.status).toBe(200);
    expect(donuts.body.outliers.length).toBeGreaterThan(0);
    for (const o of donuts.body.outliers) {
      expect(o.spatial_diagnostics.cluster_type).toBe('TDA_DONUT');
      expect(o.spatial_diagnostics.persistence).toBeGreaterThanOrEqual(15);
    }
    const plain = await get('?type=HH&limit=500');
    const fdr = await get('?type=HH&fdr=true&limit=500');
    expect(fdr.body.outliers.every((o) => o.spatial_diagnostics.q_value! <= 0.05)).toBe(true);
    expect(fdr.body.total).toBe(
      plain.body.outliers.filter((o) => o.spatial_diagnostics.q_value! <= 0.05).length,
    );
    expect((await get('?type=HH&fdr=false&limit=500')).body).toEqual(plain.body);
  });

  it('is documented in OpenAPI with the API-key scheme, enums and the limit bounds', async () => {
    const response = await fetch(`${geo.instances[0].url}/openapi.json`);
    const doc = (await response.json()) as {
      paths: Record<
        string,
        {
          get: {
            security: unknown[];
            parameters: { name: string; schema: Record<string, unknown> }[];
          };
        }
      >;
    };
    const operation = doc.paths['/api/v1/spatial-diagnostics'].get;
    expect(operation.security).toEqual([{ 'api-key': [] }]);
    const param = (name: string) => operation.parameters.find((p) => p.name === name)?.schema;
    expect(param('limit')).toMatchObject({ minimum: 1, maximum: 500, default: 50 });
    expect(param('type')).toMatchObject({ enum: ['HH', 'HL', 'LH', 'LL', 'TDA_DONUT'] });
    expect(param('fdr')).toMatchObject({ type: 'boolean' });
    expect(param('metro_slug')).toBeDefined();
  });

  it.each([
    '?type=hl',
    '?type=HX',
    '?type=',
    '?fdr=yes',
    '?fdr=1',
    '?limit=abc',
    '?limit=1.5',
    '?metro_slug=',
    '?metro_slug=atx&metro_slug=bos',
    '?page=2',
  ])('%s → 400 invalid_request', async (query) => {
    const { status, body } = await get<{ code: string }>(query);
    expect({ status, code: body.code }).toEqual({ status: 400, code: 'invalid_request' });
  });
});
