// The comparable pool on hand-built vessels: membership, ordering, statistics over the whole
// pool with ties, the limit (clamped and echoed), and empty pools.
import { FixedClock } from '@platform/clock';
import { expectErrorBody } from '@platform/testing';
import { insertReference, insertVessels, testImo, type TestVessel } from './support/fixtures';
import { setVessel, storeRiskScore } from './support/insurance-fixtures';
import { maritimeForFile } from './support/maritime-harness';

const maritime = maritimeForFile();

interface PoolEntry {
  imo_number: string;
  build_year: number;
  dwt: number | null;
  risk_score: number;
  risk_tier: string;
}
interface PoolReply {
  focal: { imo_number: string; build_year: number | null; dwt: number | null; risk_score: number };
  criteria: { vessel_type: string; build_year_min: number | null; build_year_max: number | null };
  pool: PoolEntry[];
  pool_stats: {
    count: number;
    median_risk_score: number | null;
    mean_risk_score: number | null;
    percentile_rank: number | null;
  };
  limit_applied: number;
  tier: string;
}

const FOCAL = testImo(10);
const P = [11, 12, 13, 14, 15, 16].map(testImo);
const TOO_OLD = testImo(17);
const OTHER_TYPE = testImo(18);
const LONELY = testImo(20);
const NO_YEAR = testImo(21);

// [imo, build_year, dwt, score]: focal bulk carrier 2012, 60,000 dwt, score 40.
const POOL: [string, number, number, number][] = [
  [P[0]!, 2012, 61_000, 30],
  [P[1]!, 2012, 59_000, 40],
  [P[2]!, 2013, 60_000, 40],
  [P[3]!, 2010, 80_000, 55.5],
  [P[4]!, 2017, 60_000, 20],
  [P[5]!, 2007, 10_000, 70],
];

let key = '';

beforeAll(async () => {
  const db = maritime.harness.db;
  await insertReference(db);
  const now = (maritime.harness.clock as FixedClock).now();
  const vessel = (imo: string, n: number, type: string, build: number): TestVessel => ({
    imo,
    mmsi: `351001${String(n).padStart(3, '0')}`,
    name: `POOL ${n}`,
    vessel_type: type,
    build_year: build,
  });
  await insertVessels(db, [
    vessel(FOCAL, 10, 'bulk_carrier', 2012),
    ...POOL.map(([imo, build], i) => vessel(imo, 11 + i, 'bulk_carrier', build)),
    vessel(TOO_OLD, 17, 'bulk_carrier', 2018), // 6 years off
    vessel(OTHER_TYPE, 18, 'container', 2012),
    vessel(LONELY, 20, 'passenger', 2000),
    vessel(NO_YEAR, 21, 'service', 2000),
  ]);
  await setVessel(db, FOCAL, { dwt: 60_000 });
  for (const [imo, , dwt, score] of POOL) {
    await setVessel(db, imo, { dwt });
    await storeRiskScore(db, imo, score, now);
  }
  await setVessel(db, NO_YEAR, { build_year: null });
  for (const [imo, score] of [
    [FOCAL, 40],
    [TOO_OLD, 5],
    [OTHER_TYPE, 5],
    [LONELY, 33],
    [NO_YEAR, 12],
  ] as const)
    await storeRiskScore(db, imo, score, now);
  key = await maritime.mintKey('starter');
});

const pool = (query: string) =>
  maritime.get<PoolReply>(`/api/v1/insurance/comparable-pool?${query}`, key);

describe('GET /insurance/comparable-pool', () => {
  it('lists the same type within 5 build years, by |Δyear|, |Δdwt|, then IMO', async () => {
    const reply = await pool(`imo=${FOCAL}`);
    expect(reply.status).toBe(200);
    // P0 and P1 tie on |Δyear| 0 and |Δdwt| 1000, so IMO decides; P4 beats P5 on dwt at Δ5.
    expect(reply.body.pool.map((e) => e.imo_number)).toEqual(P);
    expect(reply.body.pool[0]).toEqual({
      imo_number: P[0],
      name: 'POOL 11',
      build_year: 2012,
      dwt: 61_000,
      risk_score: 30,
      risk_tier: 'medium',
    });
    expect(reply.body.focal).toMatchObject({ imo_number: FOCAL, risk_score: 40, dwt: 60_000 });
    expect(reply.body.criteria).toMatchObject({
      vessel_type: 'bulk_carrier',
      build_year_min: 2007,
      build_year_max: 2017,
    });
    expect(reply.body.limit_applied).toBe(50);
  });

  it('computes the statistics with ties, by hand and from the returned pool', async () => {
    const reply = await pool(`imo=${FOCAL}&limit=200`);
    // scores 20 30 40 40 55.5 70; focal 40: below 2, equal 2 → 100·(2 + 1)/6 = 50
    expect(reply.body.pool_stats).toEqual({
      count: 6,
      median_risk_score: 40,
      mean_risk_score: 42.6, // 255.5 / 6 = 42.583
      percentile_rank: 50,
    });
    const scores = reply.body.pool.map((e) => e.risk_score);
    const focal = reply.body.focal.risk_score;
    const below = scores.filter((s) => s < focal).length;
    const equal = scores.filter((s) => s === focal).length;
    const rank = (100 * (below + 0.5 * equal)) / scores.length;
    expect(Math.abs(rank - reply.body.pool_stats.percentile_rank!)).toBeLessThanOrEqual(1e-4);
  });

  it('keeps the statistics over the whole pool when the limit cuts the list', async () => {
    const reply = await pool(`imo=${FOCAL}&limit=2`);
    expect(reply.body.pool.map((e) => e.imo_number)).toEqual(P.slice(0, 2));
    expect(reply.body.limit_applied).toBe(2);
    expect(reply.body.pool_stats.count).toBe(6);
    expect(reply.body.pool_stats.percentile_rank).toBe(50);
  });

  it('clamps the limit to 200 and echoes it; refuses 0, fractions and words', async () => {
    const clamped = await pool(`imo=${FOCAL}&limit=5000`);
    expect(clamped.status).toBe(200);
    expect(clamped.body.limit_applied).toBe(200);
    expect(clamped.body.pool).toHaveLength(6);
    for (const limit of ['0', '-1', '1.5', 'ten']) {
      const reply = await pool(`imo=${FOCAL}&limit=${limit}`);
      expect([limit, reply.status]).toEqual([limit, 400]);
      expectErrorBody('code', reply.body, 'invalid_request');
      expect((reply.body as unknown as { details: { field: string }[] }).details[0]!.field).toBe(
        'limit',
      );
    }
  });

  it('gives count 0 and nulls for an empty pool', async () => {
    for (const imo of [LONELY, NO_YEAR]) {
      const reply = await pool(`imo=${imo}`);
      expect(reply.status).toBe(200);
      expect(reply.body.pool).toEqual([]);
      expect(reply.body.pool_stats).toEqual({
        count: 0,
        median_risk_score: null,
        mean_risk_score: null,
        percentile_rank: null,
      });
    }
    const noYear = await pool(`imo=${NO_YEAR}`);
    expect(noYear.body.criteria).toMatchObject({ build_year_min: null, build_year_max: null });
  });
});
