import { round2 } from '@platform/geo-domain';
import { GeoHarness, postIngest, startGeo } from './support/geo-harness';
import { TINY_SEED_AS_OF, tinySeedTemplate } from './support/tiny-seed';

// GET /api/ports (see docs/geo-scoring/analytics.md#ports) on the tiny seed, plus fixture ports
// with exact volumes.
interface PortsBody {
  port_slug: string;
  port_name: string;
  latest_teu: number | null;
  yoy_change_pct: number | null;
  monthly: { month: string; teu: number; vessel_calls: number }[];
}

describe('GET /api/ports', () => {
  let geo: GeoHarness;
  let url: string;

  const ingest = async (dataset: string, records: object[]): Promise<void> => {
    const response = await postIngest(url, dataset, records);
    expect({ status: response.status, body: await response.json() }).toMatchObject({
      status: 200,
      body: { rejected: 0 },
    });
  };

  const ports = async (query: string): Promise<PortsBody> => {
    const response = await fetch(`${url}/api/ports?${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as PortsBody;
  };

  const port = (slug: string): object => ({
    slug,
    name: `Test ${slug}`,
    unlocode: 'USTST',
    lat: 29.7,
    lng: -95.2,
  });
  const volume = (slug: string, month: string, teu: number): object => ({
    port_slug: slug,
    month,
    teu,
    vessel_calls: teu / 100,
  });

  beforeAll(async () => {
    geo = await startGeo({ ...tinySeedTemplate, env: { QUEUE_WORKERS: 'false' } });
    url = geo.instances[0].url;
    await ingest('ports', [
      port('test-port'),
      port('test-gap'),
      port('test-zero'),
      port('test-empty'),
    ]);
    await ingest('port-volumes', [
      // 2023-03 .. 2024-06 except 2023-05; a year before 2024-06 is 2023-06.
      ...Array.from({ length: 16 }, (_, i) => {
        const month = new Date(Date.UTC(2023, 2 + i, 1)).toISOString().slice(0, 7);
        return volume('test-port', month, 1000 + i * 100);
      }).filter((v) => (v as { month: string }).month !== '2023-05'),
      volume('test-gap', '2024-06', 5000),
      volume('test-gap', '2023-07', 4000),
      volume('test-zero', '2024-06', 5000),
      volume('test-zero', '2023-06', 0),
    ]);
  });

  afterAll(async () => {
    await geo.close();
  });

  it('answers for the seeded port-houston (months=24)', async () => {
    const response = await fetch(`${url}/api/ports?port_slug=port-houston&months=24`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(
      'public, s-maxage=300, stale-while-revalidate=600',
    );
    expect(response.headers.get('x-ratelimit-limit')).toBe('120');
    const body = (await response.json()) as PortsBody;
    expect(body).toMatchObject({ port_slug: 'port-houston', port_name: 'Port Houston' });
    expect(body.monthly).toHaveLength(24);
    const [latest, yearBefore] = [body.monthly[23].teu, body.monthly[11].teu];
    expect(body.latest_teu).toBe(latest);
    expect(body.yoy_change_pct).toBe(round2(((latest - yearBefore) / yearBefore) * 100));
    // Consecutive months, ascending, up to the month before the seed's as-of (its last month).
    const months = body.monthly.map((m) => m.month);
    expect(months).toEqual([...months].sort());
    const asOf = new Date(`${TINY_SEED_AS_OF}T00:00:00Z`);
    const lastMonth = new Date(Date.UTC(asOf.getUTCFullYear(), asOf.getUTCMonth() - 1, 1));
    expect(months[23]).toBe(lastMonth.toISOString().slice(0, 7));
    expect(new Set(months).size).toBe(24);
    for (const m of body.monthly) {
      expect(m).toEqual({
        month: expect.stringMatching(/^\d{4}-\d{2}$/),
        teu: expect.any(Number),
        vessel_calls: expect.any(Number),
      });
      expect(Number.isInteger(m.teu)).toBe(true);
    }
  });

  it('defaults to the last 12 calendar months up to the latest month with data', async () => {
    const body = await ports('port_slug=test-port');
    expect(body.monthly.map((m) => m.month)).toEqual([
      '2023-07',
      '2023-08',
      '2023-09',
      '2023-10',
      '2023-11',
      '2023-12',
      '2024-01',
      '2024-02',
      '2024-03',
      '2024-04',
      '2024-05',
      '2024-06',
    ]);
    expect(body.monthly[11]).toEqual({ month: '2024-06', teu: 2500, vessel_calls: 25 });
    expect(body.latest_teu).toBe(2500);
    // 2023-06 (1300) lies outside the 12-month window but still anchors the change.
    expect(body.yoy_change_pct).toBe(92.31);
  });

  it('skips months without data inside the window', async () => {
    const body = await ports('port_slug=test-port&months=15');
    expect(body.monthly.map((m) => m.month).slice(0, 3)).toEqual(['2023-04', '2023-06', '2023-07']);
    expect(body.monthly).toHaveLength(14);
  });

  it('clamps months into 1..60', async () => {
    expect((await ports('port_slug=test-port&months=0')).monthly).toEqual([
      { month: '2024-06', teu: 2500, vessel_calls: 25 },
    ]);
    expect((await ports('port_slug=test-port&months=-5')).monthly).toHaveLength(1);
    expect((await ports('port_slug=test-port&months=1000')).monthly).toHaveLength(15);
    expect((await ports('port_slug=port-houston&months=1000')).monthly).toHaveLength(60);
  });

  it('gives a null change when the month a year earlier is missing or 0', async () => {
    expect(await ports('port_slug=test-gap')).toMatchObject({
      latest_teu: 5000,
      yoy_change_pct: null,
    });
    expect(await ports('port_slug=test-zero')).toMatchObject({
      latest_teu: 5000,
      yoy_change_pct: null,
    });
    expect(await ports('port_slug=test-empty')).toEqual({
      port_slug: 'test-empty',
      port_name: 'Test test-empty',
      latest_teu: null,
      yoy_change_pct: null,
      monthly: [],
    });
  });

  it.each(['port_slug=port-nowhere', 'port_slug=a1'])(
    '%s (well-formed, unknown) → 404 port_not_found',
    async (query) => {
      const response = await fetch(`${url}/api/ports?${query}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'port_not_found' });
    },
  );

  it.each([
    '',
    'port_slug=',
    'port_slug=Port-Houston',
    'port_slug=x',
    'port_slug=%20',
    'port_slug=-port',
    `port_slug=${'a'.repeat(64)}`,
    'months=12',
    'port_slug=port-houston&months=abc',
    'port_slug=port-houston&months=1.5',
    'port_slug=port-houston&months=',
    'port_slug=port-houston&months=1&months=2',
    'port_slug=port-houston&port_slug=portmiami',
    'port_slug=port-houston&foo=1',
  ])('%p → 400 invalid_request', async (query) => {
    const response = await fetch(`${url}/api/ports?${query}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'invalid_request' });
  });
});
