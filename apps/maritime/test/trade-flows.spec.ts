// GET /trade-flows on a hand-built trade world: the four views, filters, the mirror discrepancy
// recomputed from the returned inputs, sanctions match counts over the whole filtered set, and
// the limit and access edges.
import { FixedClock } from '@platform/clock';
import { DISCREPANCY_THRESHOLDS } from '@platform/maritime-domain';
import { expectErrorBody } from '@platform/testing';
import { maritimeForFile } from './support/maritime-harness';
import { insertTradeWorld, MIRROR_PAIRS, TRADE_VESSELS } from './support/trade-flows-fixtures';

const maritime = maritimeForFile();
let key = '';

type Body = Record<string, unknown> & { details?: { field: string }[] };
interface Discrepancy {
  exporter_name: string;
  importer_name: string;
  commodity: string;
  period: number;
  exported_mt: number | null;
  imported_mt: number | null;
  discrepancy_pct: number;
  status: string;
}
interface Match {
  imo_number: string;
  match_type: string;
  matched_field: string;
  sanctioned_entity: string;
  list_source: string;
}

const get = <T = Body>(query: string, apiKey = key) =>
  maritime.get<T>(`/api/v1/trade-flows${query}`, apiKey);

beforeAll(async () => {
  await insertTradeWorld(maritime.harness.db, (maritime.harness.clock as FixedClock).now());
  key = await maritime.mintKey('starter');
});

describe('GET /trade-flows access and parameters', () => {
  it('needs a starter key', async () => {
    const anonymous = await maritime.get('/api/v1/trade-flows');
    expect(anonymous.status).toBe(401);
    expectErrorBody('code', anonymous.body, 'api_key_required');
    const free = await get('', await maritime.mintKey('free'));
    expect(free.status).toBe(403);
    expectErrorBody('code', free.body, 'plan_upgrade_required');
  });

  it('refuses an unknown view, commodity or period with the field named', async () => {
    for (const [query, field] of [
      ['?view=ships', 'view'],
      ['?commodity=uranium', 'commodity'],
      ['?period=twenty', 'period'],
      ['?period=1800', 'period'],
      ['?view=mirror&imo=' + TRADE_VESSELS.alpha, 'imo'],
      ['?view=entity&imo=9999999', 'imo'],
      ['?colour=red', 'colour'],
    ] as const) {
      const reply = await get(query);
      expect([query, reply.status]).toEqual([query, 400]);
      expectErrorBody('code', reply.body, 'invalid_request');
      expect([query, [...new Set(reply.body.details?.map((d) => d.field))]]).toEqual([
        query,
        [field],
      ]);
    }
  });

  it('clamps limit to 200 and echoes it; 0 or a fraction is 400', async () => {
    expect((await get('')).body.limit_applied).toBe(50);
    const clamped = await get('?limit=500');
    expect(clamped.status).toBe(200);
    expect(clamped.body.limit_applied).toBe(200);
    for (const bad of ['0', '-1', '1.5', 'ten']) {
      const reply = await get(`?limit=${bad}`);
      expect([bad, reply.status]).toEqual([bad, 400]);
      expectErrorBody('code', reply.body, 'invalid_request');
    }
    const one = await get<{ flows: unknown[]; count: number; total: number }>('?limit=1');
    expect([one.body.flows.length, one.body.count, one.body.total]).toEqual([
      1,
      1,
      MIRROR_PAIRS.length,
    ]);
  });
  it('never answers 5xx to malformed values of any parameter', async () => {
    const nasty = [
      '',
      '%00',
      '1e309',
      '-1',
      '99999999999999999999',
      '2026-02-30',
      '%F0%9F%9A%A2',
      "'%20OR%201=1--",
      'x'.repeat(300),
    ];
    for (const param of ['view', 'exporter', 'importer', 'commodity', 'period', 'imo', 'limit'])
      for (const value of nasty)
        for (const view of ['flows', 'mirror', 'sanctions', 'entity']) {
          const query = param === 'view' ? `?view=${value}` : `?view=${view}&${param}=${value}`;
          const reply = await get(query);
          expect([query, reply.status < 500]).toEqual([query, true]);
        }
  });
});

describe('view flows (default)', () => {
  it('lists every flow, newest year first then by exports, with its record', async () => {
    const reply = await get<{ view: string; flows: Body[]; total: number; tier: string }>('');
    expect(reply.status).toBe(200);
    expect(reply.body.view).toBe('flows');
    expect(reply.body.tier).toBe('starter');
    expect(reply.body.total).toBe(MIRROR_PAIRS.length);
    const periods = reply.body.flows.map((f) => f.period as number);
    expect(periods).toEqual([...periods].sort((a, b) => b - a));
    expect(reply.body.flows[0]).toEqual({
      id: expect.any(Number),
      exporter_name: 'Australia',
      importer_name: 'China',
      commodity: 'iron_ore',
      commodity_name: 'Iron ore',
      period: 2025,
      exported_mt: 100,
      imported_mt: 95,
      value_usd: 95_000_000,
    });
  });

  it('filters by country names (any case), commodity slug or name, and year', async () => {
    const bySlug = await get<{ flows: Body[] }>(
      '?exporter=australia&importer=CHINA&commodity=iron_ore',
    );
    expect(bySlug.body.flows.map((f) => f.period)).toEqual([2025, 2024]);
    const byName = await get<{ flows: Body[] }>(
      '?exporter=Australia&commodity=Iron%20ore&period=2024',
    );
    expect(byName.body.flows.map((f) => [f.importer_name, f.exported_mt])).toEqual([
      ['China', 200],
    ]);
    const none = await get<{ flows: Body[]; total: number }>('?exporter=Atlantis');
    expect([none.status, none.body.flows, none.body.total]).toEqual([200, [], 0]);
  });
});

describe('view mirror', () => {
  it('orders by discrepancy, and pct and status recompute from exported_mt and imported_mt', async () => {
    const reply = await get<{ discrepancies: Discrepancy[]; total: number }>('?view=mirror');
    expect(reply.status).toBe(200);
    const rows = reply.body.discrepancies;
    expect(rows.map((r) => [r.exporter_name, r.importer_name, r.commodity, r.period])).toEqual(
      MIRROR_PAIRS.map(([e, i, c, p]) => [e, i, c, p]),
    );
    expect(rows.map((r) => [r.discrepancy_pct, r.status])).toEqual(
      MIRROR_PAIRS.map(([, , , , , , pct, status]) => [pct, status]),
    );
    for (const row of rows) {
      const e = row.exported_mt ?? 0;
      const i = row.imported_mt ?? 0;
      const missing = e === 0 || i === 0;
      const pct = missing ? 100 : (100 * Math.abs(e - i)) / Math.max(e, i);
      expect(Math.abs(pct - row.discrepancy_pct)).toBeLessThanOrEqual(0.005 + 1e-4);
      const shown = row.discrepancy_pct;
      const status = missing
        ? 'missing_mirror'
        : shown < DISCREPANCY_THRESHOLDS.minor
          ? 'consistent'
          : shown < DISCREPANCY_THRESHOLDS.significant
            ? 'minor'
            : shown < DISCREPANCY_THRESHOLDS.major
              ? 'significant'
              : 'major';
      expect([row.commodity, row.period, row.status]).toEqual([row.commodity, row.period, status]);
    }
  });

  it('keeps the order under filters and a limit', async () => {
    const reply = await get<{ discrepancies: Discrepancy[]; total: number; count: number }>(
      '?view=mirror&importer=China&limit=2',
    );
    expect(reply.body.discrepancies.map((r) => r.discrepancy_pct)).toEqual([30, 29.99]);
    expect([reply.body.count, reply.body.total]).toEqual([2, 6]);
  });
});

describe('view sanctions', () => {
  it('counts match types over the whole filtered set, not the page', async () => {
    const reply = await get<{ matches: Match[]; match_types: Body; total: number; count: number }>(
      '?view=sanctions&limit=2',
    );
    expect(reply.status).toBe(200);
    expect(reply.body.match_types).toEqual({ direct_imo: 1, mmsi: 1, name: 3 });
    expect([reply.body.count, reply.body.total]).toEqual([2, 5]);
    // Strongest first.
    expect(reply.body.matches.map((m) => [m.imo_number, m.match_type])).toEqual([
      [TRADE_VESSELS.alpha, 'direct_imo'],
      [TRADE_VESSELS.charlie, 'mmsi'],
    ]);
    expect(reply.body.matches[0]).toMatchObject({
      vessel_name: 'ALPHA ORE',
      sanctioned_entity: 'ALPHA ORE',
      list_source: 'ofac_sdn',
      list_name: 'SDN List',
      matched_field: 'imo',
    });
  });

  it('keeps the matches of vessels that carried the filtered trade', async () => {
    const cases: [string, Body][] = [
      ['&exporter=Australia', { direct_imo: 1, mmsi: 1, name: 1 }],
      ['&exporter=Australia&period=2025', { direct_imo: 1, mmsi: 0, name: 0 }],
      ['&commodity=soybeans', { direct_imo: 0, mmsi: 0, name: 1 }],
      ['&imo=' + TRADE_VESSELS.delta, { direct_imo: 0, mmsi: 0, name: 1 }],
      ['&importer=Brazil', { direct_imo: 0, mmsi: 0, name: 0 }],
    ];
    for (const [filter, counts] of cases) {
      const reply = await get<{ matches: Match[]; match_types: Body }>(`?view=sanctions${filter}`);
      expect([filter, reply.body.match_types]).toEqual([filter, counts]);
      const sum = Object.values(counts).reduce((a: number, b) => a + (b as number), 0);
      expect([filter, reply.body.matches.length]).toEqual([filter, sum]);
    }
  });
});

describe('view entity', () => {
  it('lists the vessels that carried the trade, sanctioned first, then by risk score', async () => {
    const reply = await get<{ entities: Body[]; total: number; dark_event_window_days: number }>(
      '?view=entity',
    );
    expect(reply.status).toBe(200);
    const v = TRADE_VESSELS;
    expect(reply.body.entities.map((e) => e.imo_number)).toEqual([
      v.alpha,
      v.charlie,
      v.bravo,
      v.echo,
    ]);
    expect(reply.body.dark_event_window_days).toBe(90);
    const echo = reply.body.entities[3]!;
    expect(echo).toEqual({
      imo_number: v.echo,
      vessel_name: 'ECHO BULKER',
      vessel_type: 'bulk_carrier',
      flag: 'NO',
      owner_name: null,
      manager_name: null,
      port: 'port-hedland',
      port_name: 'Port Hedland',
      voyages: 2,
      cargo_t: 190_000,
      commodities: ['iron_ore'],
      last_arrived_at: '2025-09-01T00:00:00.000Z',
      is_sanctioned: false,
      sanctions_match_types: [],
      dark_event_count: 2,
      risk_score: 20,
      risk_tier: 'low',
      tier_override: null,
    });
    expect(reply.body.entities[1]).toMatchObject({
      owner_name: 'Shadow Holdings Ltd',
      is_sanctioned: true,
      sanctions_match_types: ['mmsi', 'name'],
      risk_score: 60,
    });
  });

  it('narrows to one lane and year', async () => {
    const reply = await get<{ entities: Body[] }>(
      '?view=entity&exporter=Australia&importer=China&commodity=iron_ore&period=2025',
    );
    expect(reply.body.entities.map((e) => [e.imo_number, e.voyages, e.cargo_t, e.port])).toEqual([
      [TRADE_VESSELS.alpha, 2, 300_000, 'port-hedland'],
      [TRADE_VESSELS.echo, 1, 100_000, 'port-hedland'],
    ]);
  });

  it('answers one vessel by imo, even one that carried none of the trade; 404 for an unknown one', async () => {
    const delta = await get<{ entities: Body[] }>(`?view=entity&imo=${TRADE_VESSELS.delta}`);
    expect(delta.body.entities).toEqual([
      expect.objectContaining({
        imo_number: TRADE_VESSELS.delta,
        voyages: 0,
        cargo_t: 0,
        port_name: null,
        is_sanctioned: true,
        dark_event_count: 0,
        risk_score: null,
      }),
    ]);
    const unknown = await get('?view=entity&imo=9074729');
    expect(unknown.status).toBe(404);
    expectErrorBody('code', unknown.body, 'vessel_not_found');
  });
});
