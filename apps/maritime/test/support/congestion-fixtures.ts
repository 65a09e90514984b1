// Hand-built port calls whose congestion at 2026-03-31T12:00Z is worked out by hand below.
import { latLngToCell } from 'h3-js';
import type { DataSource } from 'typeorm';
import { insertReference, insertVessels, testImo } from './fixtures';

export const SNAPSHOT_AT = '2026-03-31T12:00:00.000Z';

/** Extra ports of the fixture beyond rotterdam and singapore, each aimed at one index. */
export const EDGE_PORTS = ['edge-eighty', 'edge-below', 'edge-clamped'] as const;

/**
 * What each port's snapshot at SNAPSHOT_AT must be.
 *
 * rotterdam: waiting A (arrived 08:00, not berthed) and C (arrived exactly 12:00); at berth B
 * (berthed exactly 12:00) and E; D departed exactly 12:00 and G left without berthing at 09:00,
 * so neither counts. Berthed in (t−7 d, t]: B 2 h, D 6 h, E 10 h → 6.00 h (H berthed exactly
 * t−7 d, outside). Baseline days 2026-01-01 … 2026-03-23: J and K wait all January and J and M
 * all February (daily mean 2, 2.5 on 10 January with L), nobody in March → 23 zeros and 59
 * values ≥ 2: median 2. Waits berthed in the baseline days: 4, 4, 5, 8, 8, 12, 672, 1488, 2160
 * → median 8. index = 100·(0.6·2/2 + 0.4·6/8) = 90.0, normal.
 * singapore: no calls: 0 waiting, baseline 0, no waits → 0.0, low.
 * edge-eighty: 1 waiting, one 0.5 h wait this week, no baseline → 100·(0.6 + 0.4·0.5) = 80.0.
 * edge-below: the same with a 0.49 h wait → 79.6, low.
 * edge-clamped: 9 waiting, no baseline → 540, clamped to 500.0, severe.
 */
export const EXPECTED_AT_SNAPSHOT: Record<string, Record<string, unknown>> = {
  rotterdam: {
    vessels_waiting: 2,
    vessels_at_berth: 2,
    avg_wait_hours: 6,
    baseline_waiting: 2,
    baseline_wait_hours: 8,
    congestion_index: 90,
    level: 'normal',
  },
  singapore: {
    vessels_waiting: 0,
    vessels_at_berth: 0,
    avg_wait_hours: null,
    baseline_waiting: 0,
    baseline_wait_hours: null,
    congestion_index: 0,
    level: 'low',
  },
  'edge-eighty': { vessels_waiting: 1, avg_wait_hours: 0.5, congestion_index: 80, level: 'normal' },
  'edge-below': { vessels_waiting: 1, avg_wait_hours: 0.49, congestion_index: 79.6, level: 'low' },
  'edge-clamped': { vessels_waiting: 9, congestion_index: 500, level: 'severe' },
};

type Call = [arrived: string, berthed: string | null, departed: string | null];

const ROTTERDAM_CALLS: Call[] = [
  ['2026-03-31T08:00Z', null, null], // A waiting
  ['2026-03-31T10:00Z', '2026-03-31T12:00Z', null], // B berthed at t
  ['2026-03-31T12:00Z', '2026-03-31T13:00Z', '2026-04-01T00:00Z'], // C arrived at t
  ['2026-03-30T00:00Z', '2026-03-30T06:00Z', '2026-03-31T12:00Z'], // D departed at t
  ['2026-03-30T10:00Z', '2026-03-30T20:00Z', '2026-04-01T06:00Z'], // E at berth
  ['2026-03-31T12:00:01Z', null, null], // F arrives after t
  ['2026-03-31T05:00Z', null, '2026-03-31T09:00Z'], // G left without berthing
  ['2026-03-24T02:00Z', '2026-03-24T12:00Z', '2026-03-25T00:00Z'], // H berthed at t−7 d
  ['2025-12-01T00:00Z', '2026-03-01T00:00Z', '2026-03-02T00:00Z'], // J
  ['2025-12-01T00:00Z', '2026-02-01T00:00Z', '2026-02-02T00:00Z'], // K
  ['2026-01-10T06:00Z', '2026-01-10T18:00Z', '2026-01-11T00:00Z'], // L
  ['2026-02-01T00:00Z', '2026-03-01T00:00Z', '2026-03-02T00:00Z'], // M
  ['2026-02-03T10:00Z', '2026-02-03T14:00Z', '2026-02-04T00:00Z'], // short waits: 4 h
  ['2026-02-05T10:00Z', '2026-02-05T14:00Z', '2026-02-06T00:00Z'], // 4 h
  ['2026-02-07T10:00Z', '2026-02-07T15:00Z', '2026-02-08T00:00Z'], // 5 h
  ['2026-02-09T10:00Z', '2026-02-09T18:00Z', '2026-02-10T00:00Z'], // 8 h
  ['2026-02-11T10:00Z', '2026-02-11T18:00Z', '2026-02-12T00:00Z'], // 8 h
];

const waitingOnly = (n: number): Call[] =>
  Array.from({ length: n }, (): Call => ['2026-03-31T11:00Z', null, null]);

const EDGE_CALLS: Record<(typeof EDGE_PORTS)[number], Call[]> = {
  'edge-eighty': [
    ...waitingOnly(1),
    ['2026-03-29T00:00Z', '2026-03-29T00:30Z', '2026-03-30T00:00Z'],
  ],
  'edge-below': [
    ...waitingOnly(1),
    ['2026-03-29T00:00Z', '2026-03-29T00:29:24Z', '2026-03-30T00:00Z'],
  ],
  'edge-clamped': waitingOnly(9),
};

/** Ports, one vessel per call (calls of one vessel never overlap) and the calls. */
export async function insertCongestionWorld(db: DataSource): Promise<Record<string, string>> {
  const { ports } = await insertReference(db);
  for (const [i, slug] of EDGE_PORTS.entries()) {
    const lat = 10 + i;
    const rows = (await db.query(
      `INSERT INTO ports (slug, name, unlocode, country_code, country_name, lat, lon, h3_r8, aliases)
       VALUES ($1, initcap($1), $2, 'NL', 'Netherlands', $3, 5, $4, '{}') RETURNING id::text AS id`,
      [slug, `NLED${'ABC'[i]}`, lat, latLngToCell(lat, 5, 8)],
    )) as { id: string }[];
    ports[slug] = rows[0]!.id;
  }
  const calls: [string, Call][] = [
    ...ROTTERDAM_CALLS.map((c): [string, Call] => ['rotterdam', c]),
    ...EDGE_PORTS.flatMap((slug) => EDGE_CALLS[slug].map((c): [string, Call] => [slug, c])),
  ];
  await insertVessels(
    db,
    calls.map((_, i) => ({
      imo: testImo(500 + i),
      mmsi: String(351_200_000 + i),
      name: `CALLER ${i}`,
    })),
  );
  for (const [i, [slug, [arrived, berthed, departed]]] of calls.entries())
    await db.query(
      `INSERT INTO port_calls (imo, port_id, arrived_at, berthed_at, departed_at)
       VALUES ($1, $2::bigint, $3, $4, $5)`,
      [testImo(500 + i), ports[slug], arrived, berthed, departed],
    );
  return ports;
}
