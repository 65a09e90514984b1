// Trade flows and P&I on the small seed (seed 42, ending at TEST_NOW): every mirror discrepancy
// recomputes from its two declarations, the sanctions counts add up over the whole set, the
// entities are the vessels behind the seeded trade, and the seeded clubs are all served.
import { mirrorDiscrepancy } from '@platform/maritime-domain';
import { maritimeForFile } from './support/maritime-harness';
import { smallSeedTemplate } from './support/small-seed';

jest.setTimeout(180_000);
const maritime = maritimeForFile({ ...smallSeedTemplate });
let key = '';

type Body = Record<string, unknown>;

beforeAll(async () => {
  key = await maritime.mintKey('pro');
});

describe('trade flows on the small seed', () => {
  it('recomputes every discrepancy_pct and status from exported_mt and imported_mt', async () => {
    const reply = await maritime.get<{ discrepancies: Body[]; total: number }>(
      '/api/v1/trade-flows?view=mirror&limit=200',
      key,
    );
    expect(reply.status).toBe(200);
    const rows = reply.body.discrepancies;
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      const e = row.exported_mt as number | null;
      const i = row.imported_mt as number | null;
      const missing = !e || !i;
      const pct = missing ? 100 : (100 * Math.abs(e - i)) / Math.max(e, i);
      expect(Math.abs(pct - (row.discrepancy_pct as number))).toBeLessThanOrEqual(0.005 + 1e-4);
      expect(row.status).toBe(mirrorDiscrepancy(e, i).status);
    }
    const pcts = rows.map((r) => r.discrepancy_pct as number);
    expect(pcts).toEqual([...pcts].sort((a, b) => b - a));
    // The seed misreports about 8 % of pairs by 20-60 %, and the rest by N(0, 3 %).
    const statuses = new Set(rows.map((r) => r.status));
    expect(statuses.has('major') || statuses.has('significant')).toBe(true);
  });

  it('counts sanctions matches over the whole set, whatever the page size', async () => {
    const all = await maritime.get<{ match_types: Record<string, number>; total: number }>(
      '/api/v1/trade-flows?view=sanctions&limit=200',
      key,
    );
    const page = await maritime.get<{ match_types: Record<string, number>; matches: Body[] }>(
      '/api/v1/trade-flows?view=sanctions&limit=1',
      key,
    );
    const [stored] = (await maritime.harness.db.query(
      'SELECT count(*)::int AS n FROM sanctions_matches',
    )) as { n: number }[];
    expect(stored!.n).toBeGreaterThan(0);
    expect(all.body.total).toBe(stored!.n);
    const sum = Object.values(all.body.match_types).reduce((a, b) => a + b, 0);
    expect(sum).toBe(stored!.n);
    expect(page.body.match_types).toEqual(all.body.match_types);
    expect(page.body.matches.length).toBe(Math.min(1, stored!.n));
  });

  it('finds the vessels behind the largest flow', async () => {
    const flows = await maritime.get<{ flows: Body[] }>('/api/v1/trade-flows?limit=1', key);
    const top = flows.body.flows[0]!;
    const query = new URLSearchParams({
      view: 'entity',
      exporter: String(top.exporter_name),
      importer: String(top.importer_name),
      commodity: String(top.commodity),
      period: String(top.period),
    });
    const entities = await maritime.get<{ entities: Body[] }>(`/api/v1/trade-flows?${query}`, key);
    expect(entities.status).toBe(200);
    expect(entities.body.entities.length).toBeGreaterThan(0);
    for (const entity of entities.body.entities) {
      expect(entity.voyages).toBeGreaterThan(0);
      expect(entity.commodities).toEqual([top.commodity]);
    }
  });

  it('serves the 12 International Group clubs and six fixed-premium insurers', async () => {
    const reply = await maritime.get<{ clubs: Body[] }>('/api/v1/pi-clubs');
    expect(reply.status).toBe(200);
    const ig = reply.body.clubs.filter((c) => c.ig_member);
    expect([ig.length, reply.body.clubs.length]).toEqual([12, 18]);
    expect(ig.every((c) => c.risk_tier === 'low' && c.type === 'mutual')).toBe(true);
    const entered = reply.body.clubs.reduce((n, c) => n + (c.vessels_entered as number), 0);
    expect(entered).toBeGreaterThan(100);
  });
});
