// POST /alerts/rules/dry-run over the unified_alerts view on hand-built events: the newest
// `limit` alerts after the filters, per-node statistics without short-circuit, the caller's
// plan (dark_fleet gate, sync delay), watchlist and portfolio filters, and the input limits.
import { FixedClock } from '@platform/clock';
import { expectErrorBody } from '@platform/testing';
import { insertReference, insertVessels, testImo } from './support/fixtures';
import { maritimeForFile } from './support/maritime-harness';

const maritime = maritimeForFile();
const DRY_RUN = '/api/v1/alerts/rules/dry-run';
const A = testImo(41);
const B = testImo(42);
const C = testImo(43);

interface DryRun {
  evaluated: number;
  matched: number;
  alerts: { id: string; severity: string; event_type: string; entity_id: string; state: string }[];
  node_stats: { path: string; matched: number }[];
}

let pro: string;
let scr: string;
let free: string;
let other: string;
let now: Date;
let portfolio: string;
let child: string;
let othersCategory: string;
/** Every alert's uid, newest first, as the dry-run must order them. */
const newestFirst: string[] = [];

const hoursAgo = (h: number): Date => new Date(now.getTime() - h * 3_600_000);
const cond = (field: string, op: string, value: unknown) => ({
  kind: 'condition',
  field,
  op,
  value,
});

beforeAll(async () => {
  const db = maritime.harness.db;
  now = (maritime.harness.clock as FixedClock).now();
  const { ports } = await insertReference(db);
  await insertVessels(db, [
    { imo: A, mmsi: '351000041', name: 'OCEAN STAR', vessel_type: 'tanker' },
    { imo: B, mmsi: '351000042', name: 'NORDIC WAVE' },
    { imo: C, mmsi: '351000043', name: 'POLAR STAR' },
  ]);
  const one = async (sql: string, params: unknown[]): Promise<string> =>
    ((await db.query(`${sql} RETURNING id::text AS id`, params)) as { id: string }[])[0]!.id;
  // Newest first: 0.05 h (3 min, inside the free plan's 15-minute delay), then 1, 2, ... h.
  newestFirst.push(
    `dark_event:${await one(
      `INSERT INTO dark_events (imo, started_at, start_lat, start_lon, severity, confidence, occurred_at)
       VALUES ($1, $2, 12, 61, 'critical', 0.9, $3)`,
      [A, hoursAgo(30), hoursAgo(0.05)],
    )}`,
    `spoofing_alert:${await one(
      `INSERT INTO spoofing_alerts (imo, mmsi, kind, implied_speed_kn, severity, confidence, occurred_at)
       VALUES ($1, '351000042', 'impossible_speed', 80, 'warning', 0.7, $2)`,
      [B, hoursAgo(1)],
    )}`,
    `platform:${await one(
      `INSERT INTO platform_alerts (type, product, entity_id, title, metadata, dedupe_key, severity, confidence, occurred_at)
       VALUES ('river_level', 'supply_chain', 'kaub', 'Rhine low at Kaub', '{"level_m": 0.7}', 'river:kaub:1', 'critical', 1, $1)`,
      [hoursAgo(2)],
    )}`,
    `locus_alert:${await one(
      `INSERT INTO locus_alerts (imo, kind, port_id, started_at, severity, confidence, occurred_at)
       VALUES ($1, 'port_entry', $2, $3, 'info', 1, $3)`,
      [C, ports['rotterdam'], hoursAgo(3)],
    )}`,
    `platform:${await one(
      `INSERT INTO platform_alerts (type, product, imo, title, dedupe_key, severity, confidence, occurred_at)
       VALUES ('dark_fleet', 'maritime', $1, 'Dark fleet candidate', 'dark_fleet:a', 'critical', 0.8, $2)`,
      [A, hoursAgo(4)],
    )}`,
    `platform:${await one(
      `INSERT INTO platform_alerts (type, product, imo, title, metadata, dedupe_key, severity, confidence, occurred_at)
       VALUES ('sanctions_match', 'maritime', $1, 'Sanctions match', '{"list": "ofac_sdn"}', 'sanctions:c', 'warning', 1, $2)`,
      [C, hoursAgo(5)],
    )}`,
  );
  pro = await maritime.mintKey('pro', { owner: 'dry-a' });
  scr = await maritime.mintKey('supply_chain_risk', { owner: 'dry-a' });
  free = await maritime.mintKey('free', { owner: 'dry-a' });
  other = await maritime.mintKey('pro', { owner: 'dry-b' });
  portfolio = await one(
    `INSERT INTO watchlist_categories (owner_id, name) VALUES ('dry-a', 'Tankers')`,
    [],
  );
  child = await one(
    `INSERT INTO watchlist_categories (owner_id, name, parent_id) VALUES ('dry-a', 'Sub', $1)`,
    [portfolio],
  );
  othersCategory = await one(
    `INSERT INTO watchlist_categories (owner_id, name) VALUES ('dry-b', 'Theirs')`,
    [],
  );
  await db.query(
    `INSERT INTO watchlist_entries (owner_id, imo, category_id) VALUES
       ('dry-a', $1, NULL), ('dry-a', $2, $3), ('dry-b', $4, $5)`,
    [B, C, child, A, othersCategory],
  );
  // C's port entry has been resolved by this owner; an expired snooze reads as open.
  await db.query(
    `INSERT INTO alert_states (owner_id, alert_uid, state, read_at, resolved_at, snoozed_until) VALUES
       ('dry-a', $1, 'resolved', $3, $3, NULL), ('dry-a', $2, 'snoozed', NULL, NULL, $3)`,
    [newestFirst[3], newestFirst[1], hoursAgo(0.5)],
  );
});

async function dryRun(body: Record<string, unknown>, key = pro) {
  const reply = await maritime.send<DryRun>('POST', DRY_RUN, body, key);
  expect(reply.status).toBe(200);
  expect(reply.body.matched).toBe(reply.body.alerts.length);
  expect(reply.body.evaluated).toBeLessThanOrEqual((body['limit'] as number | undefined) ?? 100);
  return reply.body;
}

describe('dry-run', () => {
  it('evaluates the newest alerts it may see and returns the matches in feed order', async () => {
    const all = await dryRun({ expression: { kind: 'group', operator: 'and', conditions: [] } });
    // pro does not see dark_fleet.
    const visible = newestFirst.filter((_, i) => i !== 4);
    expect(all.evaluated).toBe(visible.length);
    expect(all.alerts.map((a) => a.id)).toEqual(visible);
    expect(all.alerts.map((a) => a.state)).toEqual(['open', 'open', 'open', 'resolved', 'open']);
    expect(all.node_stats).toEqual([{ path: 'expression', matched: visible.length }]);

    const newest3 = await dryRun({ expression: cond('severity', 'eq', 'critical'), limit: 3 });
    expect(newest3).toMatchObject({ evaluated: 3, matched: 2 });
    expect(newest3.alerts.map((a) => a.id)).toEqual([newestFirst[0], newestFirst[2]]);
  });

  it('counts every node without short-circuit and applies no severity override', async () => {
    const result = await dryRun({
      expression: {
        kind: 'group',
        operator: 'or',
        conditions: [
          cond('severity', 'gte', 'warning'),
          cond('imo_number', 'in', [A, B]),
          cond('metadata.vessel_name', 'contains', 'star'),
        ],
      },
    });
    expect(result.node_stats).toEqual([
      { path: 'expression', matched: 5 },
      { path: 'expression.conditions[0]', matched: 4 },
      { path: 'expression.conditions[1]', matched: 2 },
      { path: 'expression.conditions[2]', matched: 3 },
    ]);
    expect(result.alerts.map((a) => a.severity)).toEqual([
      'critical',
      'warning',
      'critical',
      'info',
      'warning',
    ]);
  });

  it('reads entity_id from the vessel, or from the alert subject when there is none', async () => {
    const kaub = await dryRun({ expression: cond('entity_id', 'eq', 'kaub') });
    expect(kaub.alerts.map((a) => a.id)).toEqual([newestFirst[2]]);
    const vessel = await dryRun({ expression: cond('entity_id', 'eq', Number(C)) });
    expect(vessel.alerts.map((a) => a.id)).toEqual([newestFirst[3], newestFirst[5]]);
  });

  it('filters by product and severity before evaluating', async () => {
    const always = { kind: 'group', operator: 'and', conditions: [] };
    const supply = await dryRun({ expression: always, product: 'supply_chain' });
    expect(supply.alerts.map((a) => a.id)).toEqual([newestFirst[2]]);
    const maritimeOnly = await dryRun({
      expression: always,
      product: 'maritime',
      severity: 'warning',
    });
    expect(maritimeOnly.alerts.map((a) => a.id)).toEqual([newestFirst[1], newestFirst[5]]);
  });

  it('filters by the watchlist and by a portfolio with its sub-categories', async () => {
    const always = { kind: 'group', operator: 'and', conditions: [] };
    const watched = await dryRun({ expression: always, watchlistOnly: true });
    expect(watched.alerts.map((a) => a.id)).toEqual([
      newestFirst[1],
      newestFirst[3],
      newestFirst[5],
    ]);
    const inPortfolio = await dryRun({ expression: always, portfolioId: Number(portfolio) });
    expect(inPortfolio.alerts.map((a) => a.id)).toEqual([newestFirst[3], newestFirst[5]]);
    const theirs = await maritime.send(
      'POST',
      DRY_RUN,
      { expression: always, portfolioId: Number(othersCategory) },
      pro,
    );
    expect(theirs.status).toBe(404);
    expectErrorBody('code', theirs.body, 'category_not_found');
    const forThem = await dryRun(
      { expression: always, portfolioId: Number(othersCategory) },
      other,
    );
    expect(forThem.alerts.map((a) => a.id)).toEqual([newestFirst[0]]);
  });

  it("follows the caller's plan: dark_fleet for supply_chain_risk, the 15-minute delay for free", async () => {
    const darkFleet = cond('event_type', 'eq', 'dark_fleet');
    expect((await dryRun({ expression: darkFleet })).matched).toBe(0);
    expect((await dryRun({ expression: darkFleet }, scr)).alerts.map((a) => a.id)).toEqual([
      newestFirst[4],
    ]);
    const freeView = await dryRun(
      {
        expression: {
          kind: 'group',
          operator: 'or',
          conditions: [darkFleet, cond('source', 'neq', 'x')],
        },
      },
      free,
    );
    expect(freeView.alerts.map((a) => a.id)).toEqual([
      newestFirst[1],
      newestFirst[2],
      newestFirst[3],
      newestFirst[5],
    ]);
  });

  it('takes limit 1 to 200 and refuses 0, 201 and fractions', async () => {
    const always = { kind: 'group', operator: 'and', conditions: [] };
    expect((await dryRun({ expression: always, limit: 1 })).evaluated).toBe(1);
    expect((await dryRun({ expression: always, limit: 200 })).evaluated).toBe(5);
    for (const limit of [0, 201, 1.5, '10']) {
      const reply = await maritime.send('POST', DRY_RUN, { expression: always, limit }, pro);
      expect(reply.status).toBe(400);
      expectErrorBody('code', reply.body, 'invalid_request');
      expect((reply.body['details'] as { field: string }[]).map((d) => d.field)).toContain('limit');
    }
  });

  it('refuses a bad expression with its path, bad filters and a missing key', async () => {
    const bad = await maritime.send(
      'POST',
      DRY_RUN,
      { expression: { kind: 'group', operator: 'and', conditions: [cond('severity', 'in', [])] } },
      pro,
    );
    expect(bad.status).toBe(400);
    expect(bad.body['details']).toEqual([
      expect.objectContaining({ field: 'expression.conditions[0].value' }),
    ]);
    for (const body of [
      {},
      { expression: cond('severity', 'eq', 'x'), product: 'oil' },
      { expression: cond('severity', 'eq', 'x'), severity: 'high' },
      { expression: cond('severity', 'eq', 'x'), watchlistOnly: 'true' },
      { expression: cond('severity', 'eq', 'x'), portfolioId: 0 },
      { expression: cond('severity', 'eq', 'x'), watchlist_only: true },
    ]) {
      const reply = await maritime.send('POST', DRY_RUN, body, pro);
      expect(reply.status).toBe(400);
      expectErrorBody('code', reply.body, 'invalid_request');
    }
    const anonymous = await maritime.send('POST', DRY_RUN, {
      expression: cond('severity', 'eq', 'x'),
    });
    expect(anonymous.status).toBe(401);
    expectErrorBody('code', anonymous.body, 'api_key_required');
  });
});
