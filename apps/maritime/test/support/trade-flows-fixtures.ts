// A hand-built trade world for the trade-flows tests: three countries, three commodities, mirror
// pairs on every status edge, five vessels with voyages, sanctions matches, dark events and
// risk scores.
import { latLngToCell } from 'h3-js';
import type { DataSource } from 'typeorm';
import { insertReference, insertVessels, testImo } from './fixtures';

export const TRADE_VESSELS = {
  /** Australia → China iron ore 2025 twice; a direct IMO match; score 80. */
  alpha: testImo(301),
  /** Brazil → China soybeans 2025 twice; a vessel-name match; score 40. */
  bravo: testImo(302),
  /** Australia → China iron ore 2024; an MMSI match and an owner-name match; score 60. */
  charlie: testImo(303),
  /** No trade (one voyage still under way); a vessel-name match. */
  delta: testImo(304),
  /** Australia → China and Brazil → China iron ore 2025; clean; 2 dark events in 90 days. */
  echo: testImo(305),
} as const;

/** [exporter, importer, commodity slug, year, exported_mt, imported_mt, expected pct, status]. */
export const MIRROR_PAIRS: readonly [
  string,
  string,
  string,
  number,
  number | null,
  number | null,
  number,
  string,
][] = [
  ['Australia', 'Brazil', 'crude_oil', 2025, 50, null, 100, 'missing_mirror'],
  ['China', 'Australia', 'iron_ore', 2025, 0, 3, 100, 'missing_mirror'],
  ['Brazil', 'Australia', 'soybeans', 2025, 3, 1, 66.67, 'major'],
  ['Brazil', 'China', 'iron_ore', 2025, 100, 70, 30, 'major'],
  ['Australia', 'China', 'soybeans', 2025, 100, 70.01, 29.99, 'significant'],
  ['Australia', 'China', 'iron_ore', 2024, 200, 170, 15, 'significant'],
  ['Brazil', 'China', 'soybeans', 2024, 85.01, 100, 14.99, 'minor'],
  ['Australia', 'China', 'iron_ore', 2025, 100, 95, 5, 'minor'],
  ['Brazil', 'China', 'soybeans', 2025, 100, 95.01, 4.99, 'consistent'],
];

const PORTS: readonly [string, string, string, string, number, number][] = [
  ['port-hedland', 'Port Hedland', 'AUPHE', 'AU', -20.31, 118.58],
  ['qingdao', 'Qingdao', 'CNTAO', 'CN', 36.01, 120.21],
  ['santos', 'Santos', 'BRSSZ', 'BR', -23.97, -46.3],
];
const COUNTRY: Record<string, string> = { AU: 'Australia', CN: 'China', BR: 'Brazil' };

const COMMODITIES: readonly [string, string, string][] = [
  ['crude_oil', 'Crude oil', '2709'],
  ['iron_ore', 'Iron ore', '2601'],
  ['soybeans', 'Soybeans', '1201'],
];

async function ids(db: DataSource, sql: string): Promise<Record<string, string>> {
  const rows = (await db.query(sql)) as { key: string; id: string }[];
  return Object.fromEntries(rows.map((r) => [r.key, r.id]));
}

export async function insertTradeWorld(db: DataSource, now: Date): Promise<void> {
  await insertReference(db);
  for (const [slug, name, locode, cc, lat, lon] of PORTS)
    await db.query(
      `INSERT INTO ports (slug, name, unlocode, country_code, country_name, lat, lon, h3_r8)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [slug, name, locode, cc, COUNTRY[cc], lat, lon, latLngToCell(lat, lon, 8)],
    );
  for (const [slug, name, hs] of COMMODITIES)
    await db.query('INSERT INTO commodities (slug, name, hs_code) VALUES ($1, $2, $3)', [
      slug,
      name,
      hs,
    ]);
  const port = await ids(db, 'SELECT slug AS key, id::text AS id FROM ports');
  const commodity = await ids(db, 'SELECT slug AS key, id::text AS id FROM commodities');
  for (const [exporter, importer, slug, year, exported, imported] of MIRROR_PAIRS)
    await db.query(
      `INSERT INTO trade_flows (exporter, importer, commodity_id, period, exported_mt, imported_mt, value_usd)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        exporter,
        importer,
        commodity[slug],
        year,
        exported,
        imported,
        imported === null ? null : imported * 1e6,
      ],
    );
  const v = TRADE_VESSELS;
  await insertVessels(db, [
    { imo: v.alpha, mmsi: '351000301', name: 'ALPHA ORE', vessel_type: 'bulk_carrier' },
    { imo: v.bravo, mmsi: '351000302', name: 'BRAVO GRAIN' },
    { imo: v.charlie, mmsi: '351000303', name: 'CHARLIE' },
    { imo: v.delta, mmsi: '351000304', name: 'DELTA STAR', vessel_type: 'tanker' },
    { imo: v.echo, mmsi: '257000305', name: 'ECHO BULKER', flag: 'NO' },
  ]);
  await db.query(`UPDATE vessels SET owner_name = 'Shadow Holdings Ltd' WHERE imo = $1`, [
    v.charlie,
  ]);
  const voyage = (
    imo: string,
    from: string,
    to: string | null,
    slug: string | null,
    arrived: string | null,
    cargo: number,
  ): Promise<unknown> =>
    db.query(
      `INSERT INTO voyages (imo, origin_port_id, dest_port_id, departed_at, arrived_at, status, laden, commodity_id, cargo_t)
       VALUES ($1, $2, $3, $4::timestamptz - interval '20 days', $4, $5, $6, $7, $8)`,
      [
        imo,
        port[from],
        to === null ? null : port[to],
        arrived ?? now.toISOString(),
        arrived === null ? 'underway' : 'completed',
        slug !== null,
        slug === null ? null : commodity[slug],
        slug === null ? null : cargo,
      ],
    );
  await voyage(v.alpha, 'port-hedland', 'qingdao', 'iron_ore', '2025-03-10T00:00:00Z', 150_000);
  await voyage(v.alpha, 'port-hedland', 'qingdao', 'iron_ore', '2025-06-10T00:00:00Z', 150_000);
  await voyage(v.bravo, 'santos', 'qingdao', 'soybeans', '2025-04-01T00:00:00Z', 60_000);
  await voyage(v.bravo, 'santos', 'qingdao', 'soybeans', '2025-08-01T00:00:00Z', 60_500);
  await voyage(v.charlie, 'port-hedland', 'qingdao', 'iron_ore', '2024-11-01T00:00:00Z', 170_000);
  await voyage(v.delta, 'qingdao', null, null, null, 0);
  await voyage(v.echo, 'port-hedland', 'qingdao', 'iron_ore', '2025-02-01T00:00:00Z', 100_000);
  await voyage(v.echo, 'santos', 'qingdao', 'iron_ore', '2025-09-01T00:00:00Z', 90_000);
  // A ballast leg back: no commodity, so it is not trade.
  await voyage(v.echo, 'qingdao', 'port-hedland', null, '2025-10-01T00:00:00Z', 0);
  await insertSanctions(db, now);
  await insertExposure(db, now);
}

async function insertSanctions(db: DataSource, now: Date): Promise<void> {
  const v = TRADE_VESSELS;
  const [list] = (await db.query(
    `INSERT INTO sanctions_lists (source, name, published_at) VALUES ('ofac_sdn', 'SDN List', $1) RETURNING id`,
    [new Date(now.getTime() - 30 * 86_400_000)],
  )) as { id: string }[];
  const entry = async (
    name: string,
    type: string,
    imo: string | null,
    mmsi: string | null,
  ): Promise<string> => {
    const [row] = (await db.query(
      `INSERT INTO sanctions_entries (list_id, entity_name, entity_type, imo, mmsi, vessel_name, name_norm, program)
       VALUES ($1, $2, $3, $4, $5, $6, $2, 'SDGT') RETURNING id::text AS id`,
      [list!.id, name, type, imo, mmsi, type === 'vessel' ? name : null],
    )) as { id: string }[];
    return row!.id;
  };
  const match = (
    imo: string,
    entryId: string,
    type: string,
    field: string,
    value: string,
  ): Promise<unknown> =>
    db.query(
      `INSERT INTO sanctions_matches (imo, entry_id, match_type, matched_field, matched_value)
       VALUES ($1, $2, $3, $4, $5)`,
      [imo, entryId, type, field, value],
    );
  await match(
    v.alpha,
    await entry('ALPHA ORE', 'vessel', v.alpha, null),
    'direct_imo',
    'imo',
    v.alpha,
  );
  await match(
    v.charlie,
    await entry('OLD CHARLIE', 'vessel', null, '351000303'),
    'mmsi',
    'mmsi',
    '351000303',
  );
  await match(
    v.charlie,
    await entry('SHADOW HOLDINGS', 'company', null, null),
    'name',
    'owner',
    'SHADOW HOLDINGS',
  );
  await match(
    v.bravo,
    await entry('BRAVO GRAIN', 'vessel', null, null),
    'name',
    'vessel_name',
    'BRAVO GRAIN',
  );
  await match(
    v.delta,
    await entry('DELTA STAR', 'vessel', null, null),
    'name',
    'vessel_name',
    'DELTA STAR',
  );
}

async function insertExposure(db: DataSource, now: Date): Promise<void> {
  const v = TRADE_VESSELS;
  const ago = (days: number): Date => new Date(now.getTime() - days * 86_400_000);
  for (const [days, lat] of [
    [10, 5],
    [40, 6],
    [120, 7],
  ] as const)
    await db.query(
      `INSERT INTO dark_events (imo, started_at, ended_at, start_lat, start_lon, severity, confidence, occurred_at)
       VALUES ($1, $2, $3, $4, 60, 'warning', 0.8, $5)`,
      [v.echo, ago(days + 1), ago(days), lat, ago(days + 0.75)],
    );
  for (const [imo, score, tier] of [
    [v.alpha, 80, 'critical'],
    [v.bravo, 40, 'medium'],
    [v.charlie, 60, 'high'],
    [v.echo, 20, 'low'],
  ] as const)
    await db.query(
      `INSERT INTO vessel_risk_scores (imo, score, tier, factors, computed_at) VALUES ($1, $2, $3, '[]', $4)`,
      [imo, score, tier, now],
    );
}
