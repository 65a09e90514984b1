// GET /api/commuter-flows on the tiny seed (see docs/geo-scoring/analytics.md#commuter-flows):
// shares of the full side total, names, direction, limit policy, 400/404.
import { GeoHarness, startGeo } from './support/geo-harness';
import { tinySeedTemplate } from './support/tiny-seed';

jest.setTimeout(180_000);

interface Side<F> {
  flows: F[];
}
interface InboundFlow {
  origin_tract: string;
  workers: number;
  pct: number;
  origin_name: string | null;
}
interface OutboundFlow {
  dest_tract: string;
  workers: number;
  pct: number;
  dest_name: string | null;
}
interface FlowsBody {
  tract: string;
  year: number | null;
  inbound?: Side<InboundFlow> & { total_workers: number };
  outbound?: Side<OutboundFlow> & { total_residents_working: number };
}

const pctSum = (flows: { pct: number }[]): number => flows.reduce((s, f) => s + f.pct, 0);

describe('commuter flows', () => {
  let geo: GeoHarness;
  let year: number;
  /** A tract whose inbound and outbound flows each fit in limit=100. */
  let small: string;
  /** A tract with more than 20 inbound flows. */
  let busy: string;

  const get = async <T>(path: string): Promise<{ status: number; body: T; headers: Headers }> => {
    const response = await fetch(`${geo.instances[0].url}${path}`);
    return {
      status: response.status,
      body: (await response.json()) as T,
      headers: response.headers,
    };
  };

  beforeAll(async () => {
    geo = await startGeo({ ...tinySeedTemplate, env: { QUEUE_WORKERS: 'false' } });
    [{ year }] = await geo.db.query<{ year: number }[]>(
      'SELECT MAX(year)::int AS year FROM commuter_flows',
    );
    [{ geoid: small }] = await geo.db.query<{ geoid: string }[]>(
      `SELECT t.geoid::text AS geoid FROM tracts t
       JOIN LATERAL (SELECT COUNT(*) AS n FROM commuter_flows f
                     WHERE f.year = $1 AND f.work_geoid = t.geoid) i ON true
       JOIN LATERAL (SELECT COUNT(*) AS n FROM commuter_flows f
                     WHERE f.year = $1 AND f.home_geoid = t.geoid) o ON true
       WHERE i.n BETWEEN 5 AND 100 AND o.n BETWEEN 5 AND 100
       ORDER BY i.n + o.n DESC, t.geoid LIMIT 1`,
      [year],
    );
    [{ geoid: busy }] = await geo.db.query<{ geoid: string }[]>(
      `SELECT work_geoid::text AS geoid FROM commuter_flows WHERE year = $1
       GROUP BY work_geoid HAVING COUNT(*) > 20 ORDER BY COUNT(*) DESC, work_geoid LIMIT 1`,
      [year],
    );
  });
  afterAll(async () => {
    await geo?.close();
  });

  it('pct of each side sums to 100 ± 0.05 when every flow fits; totals and names match SQL', async () => {
    const { status, body, headers } = await get<FlowsBody>(
      `/api/commuter-flows?tract=${small}&limit=100`,
    );
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('public, s-maxage=300, stale-while-revalidate=600');
    expect(body.tract).toBe(small);
    expect(body.year).toBe(year);
    const inbound = body.inbound!;
    const outbound = body.outbound!;
    expect(Math.abs(pctSum(inbound.flows) - 100)).toBeLessThanOrEqual(0.05);
    expect(Math.abs(pctSum(outbound.flows) - 100)).toBeLessThanOrEqual(0.05);

    const expected = await geo.db.query<{ side: string; other: string; workers: number }[]>(
      `SELECT 'in' AS side, home_geoid::text AS other, workers FROM commuter_flows
         WHERE year = $1 AND work_geoid = $2
       UNION ALL
       SELECT 'out', work_geoid::text, workers FROM commuter_flows
         WHERE year = $1 AND home_geoid = $2`,
      [year, small],
    );
    const sum = (side: string): number =>
      expected.filter((r) => r.side === side).reduce((s, r) => s + r.workers, 0);
    expect(inbound.total_workers).toBe(sum('in'));
    expect(outbound.total_residents_working).toBe(sum('out'));
    expect(inbound.flows).toHaveLength(expected.filter((r) => r.side === 'in').length);
    expect(outbound.flows).toHaveLength(expected.filter((r) => r.side === 'out').length);
    for (const flow of inbound.flows) {
      expect(flow.pct).toBeCloseTo((100 * flow.workers) / inbound.total_workers, 2);
    }
    // workers DESC, then tract ASC.
    const ordered = [...inbound.flows].sort(
      (a, b) => b.workers - a.workers || (a.origin_tract < b.origin_tract ? -1 : 1),
    );
    expect(inbound.flows).toEqual(ordered);

    const [tract] = await geo.db.query<{ name: string; county_name: string; state_abbr: string }[]>(
      'SELECT name, county_name, state_abbr FROM tracts WHERE geoid = $1',
      [outbound.flows[0].dest_tract],
    );
    expect(outbound.flows[0].dest_name).toBe(
      `${tract.name}, ${tract.county_name}, ${tract.state_abbr}`,
    );
    expect(outbound.flows[0].dest_name).toMatch(/^Census Tract [\d.]+, .+ County, [A-Z]{2}$/);
  });

  it('pct is a share of the full total, not of the page; default limit 20, clamp 1..100', async () => {
    const page = await get<FlowsBody>(`/api/commuter-flows?tract=${busy}&direction=inbound`);
    expect(page.body.inbound!.flows).toHaveLength(20);
    expect(pctSum(page.body.inbound!.flows)).toBeLessThan(100);
    const full = await get<FlowsBody>(
      `/api/commuter-flows?tract=${busy}&direction=inbound&limit=100`,
    );
    expect(full.body.inbound!.flows.slice(0, 20)).toEqual(page.body.inbound!.flows);
    const one = await get<FlowsBody>(`/api/commuter-flows?tract=${busy}&limit=0`);
    expect(one.body.inbound!.flows).toHaveLength(1);
    const clamped = await get<FlowsBody>(`/api/commuter-flows?tract=${busy}&limit=5000`);
    expect(clamped.body.inbound!.flows.length).toBeLessThanOrEqual(100);
    expect(clamped.body.inbound!.flows.length).toBeGreaterThan(20);
  });

  it('direction returns only the requested sides', async () => {
    const inbound = await get<FlowsBody>(`/api/commuter-flows?tract=${small}&direction=inbound`);
    expect(Object.keys(inbound.body).sort()).toEqual(['inbound', 'tract', 'year']);
    const outbound = await get<FlowsBody>(`/api/commuter-flows?tract=${small}&direction=outbound`);
    expect(Object.keys(outbound.body).sort()).toEqual(['outbound', 'tract', 'year']);
    const both = await get<FlowsBody>(`/api/commuter-flows?tract=${small}&direction=both`);
    expect(Object.keys(both.body).sort()).toEqual(['inbound', 'outbound', 'tract', 'year']);
    expect(both.body.inbound).toEqual(inbound.body.inbound);
    expect(both.body.outbound).toEqual(outbound.body.outbound);
  });

  it('a tract known only from flows is served; names of tracts not in `tracts` are null', async () => {
    const outsider = '01001999999';
    await geo.db.query(
      'INSERT INTO commuter_flows (year, home_geoid, work_geoid, workers) VALUES ($1, $2, $3, 7)',
      [year, outsider, small],
    );
    const { status, body } = await get<FlowsBody>(`/api/commuter-flows?tract=${outsider}`);
    expect(status).toBe(200);
    expect(body.inbound).toEqual({ total_workers: 0, flows: [] });
    expect(body.outbound!.total_residents_working).toBe(7);
    expect(body.outbound!.flows).toEqual([
      expect.objectContaining({ dest_tract: small, workers: 7, pct: 100 }),
    ]);
    const into = await get<FlowsBody>(
      `/api/commuter-flows?tract=${small}&direction=inbound&limit=100`,
    );
    expect(into.body.inbound!.flows.find((f) => f.origin_tract === outsider)).toMatchObject({
      origin_name: null,
      workers: 7,
    });
  });

  it('an unknown well-formed tract is 404 tract_not_found', async () => {
    const { status, body } = await get<{ code: string }>('/api/commuter-flows?tract=99999999999');
    expect({ status, code: body.code }).toEqual({ status: 404, code: 'tract_not_found' });
  });

  it('is documented in OpenAPI with the tract pattern, direction enum and limit bounds', async () => {
    const doc = (await (await fetch(`${geo.instances[0].url}/openapi.json`)).json()) as {
      paths: Record<
        string,
        { get: { parameters: { name: string; required?: boolean; schema: object }[] } }
      >;
    };
    const p = Object.fromEntries(
      doc.paths['/api/commuter-flows'].get.parameters.map((param) => [param.name, param]),
    );
    expect(p.tract).toMatchObject({ required: true, schema: { pattern: '^\\d{11}$' } });
    expect(p.direction.schema).toMatchObject({
      enum: ['inbound', 'outbound', 'both'],
      default: 'both',
    });
    expect(p.limit.schema).toMatchObject({ minimum: 1, maximum: 100, default: 20 });
  });

  it.each([
    '/api/commuter-flows',
    '/api/commuter-flows?tract=123',
    '/api/commuter-flows?tract=4845300110a',
    '/api/commuter-flows?tract=484530011000',
    '/api/commuter-flows?tract=%2048453001100',
    '/api/commuter-flows?tract=48453001100&tract=48453001100',
    '/api/commuter-flows?tract=48453001100&direction=in',
    '/api/commuter-flows?tract=48453001100&direction=BOTH',
    '/api/commuter-flows?tract=48453001100&limit=twenty',
    '/api/commuter-flows?tract=48453001100&year=2022',
  ])('%s → 400 invalid_request', async (path) => {
    const { status, body } = await get<{ code: string }>(path);
    expect({ status, code: body.code }).toEqual({ status: 400, code: 'invalid_request' });
  });
});
