// Forecasts on the small seed: the 120-day backfill after a destination model and reliability
// exist, the latest issue, accuracy recomputed from the stored rows, and the backfill's issue
// days equal to a fresh issue of the same day.
import { accuracyMetrics, type AccuracyPoint } from '@platform/maritime-domain';
import { DestinationTrainingService } from '../src/pipeline/destinations/destination-training.service';
import { DestinationModelsRepository } from '../src/pipeline/destinations/destination-models.repository';
import { DestinationPredictor } from '../src/pipeline/destinations/destination-predictor';
import { ReliabilityService } from '../src/pipeline/destinations/reliability.service';
import { IncrementalDestinations } from '../src/pipeline/forecasts/incremental-destinations';
import { ForecastIssuer } from '../src/pipeline/forecasts/forecast-issuer.service';
import { maritimeForFile } from './support/maritime-harness';
import { SMALL_SEED_AS_OF, smallSeedTemplate } from './support/small-seed';

const maritime = maritimeForFile({ ...smallSeedTemplate });
const asOf = new Date(`${SMALL_SEED_AS_OF}T00:00:00.000Z`);
let backfillRows = 0;

interface Forecast {
  port: string;
  method: string;
  issued_on: string;
  target_date: string;
  horizon_days: number;
  predicted: number;
  lower_80: number;
  upper_80: number;
  model_version: string;
}

beforeAll(async () => {
  const app = maritime.harness.instances[0]!.app;
  await app.get(DestinationTrainingService).train(asOf);
  await app.get(ReliabilityService).recompute(asOf);
  backfillRows = (await app.get(ForecastIssuer).backfill(asOf, 120)).rows;
}, 120_000);

describe('forecasts on the small seed', () => {
  it('backfills 120 issues x 40 ports x 3 methods x 14 horizons', async () => {
    expect(backfillRows).toBe(120 * 40 * 3 * 14);
    const [span] = (await maritime.harness.db.query(
      `SELECT min(issued_on)::text AS first, max(issued_on)::text AS last, count(*)::int AS n,
              count(DISTINCT model_version)::int AS versions
       FROM forecasts`,
    )) as { first: string; last: string; n: number; versions: number }[];
    expect(span).toEqual({ first: '2025-12-03', last: SMALL_SEED_AS_OF, n: 201_600, versions: 3 });
  });

  it('lists the latest issue not after today, clamped to 200 and in order', async () => {
    const reply = await maritime.get<{
      forecasts: Forecast[];
      limit_applied: number;
      count: number;
      issued_on: string;
    }>('/api/v1/forecasts?limit=500');
    expect(reply.status).toBe(200);
    expect(reply.body.limit_applied).toBe(200);
    expect(reply.body.count).toBe(200);
    expect(reply.body.issued_on).toBe('2026-03-31');
    const keys = reply.body.forecasts.map((f) => `${f.target_date}|${f.port}|${f.method}`);
    expect(keys).toEqual([...keys].sort());
    for (const f of reply.body.forecasts) {
      expect(f.lower_80).toBeGreaterThanOrEqual(0);
      expect(f.lower_80).toBeLessThanOrEqual(f.predicted);
      expect(f.predicted).toBeLessThanOrEqual(f.upper_80);
    }
  });

  it('feeds the pipeline method from the active destination model', async () => {
    const rows = (await maritime.harness.db.query(
      `SELECT DISTINCT model_version FROM forecasts WHERE method = 'pipeline'`,
    )) as { model_version: string }[];
    expect(rows).toHaveLength(1);
    expect(rows[0]!.model_version).toMatch(/^pipeline-v1\+/);
    expect(rows[0]!.model_version).not.toBe('pipeline-v1+no-model');
    const [sum] = (await maritime.harness.db.query(
      `SELECT sum(predicted)::float8 AS expected,
              (SELECT count(*) FROM voyages WHERE departed_at < '2026-03-31'
                 AND (arrived_at IS NULL OR arrived_at >= '2026-03-31'))::int AS underway
       FROM forecasts WHERE method = 'pipeline' AND issued_on = '2026-03-31'`,
    )) as { expected: number; underway: number }[];
    // Each voyage under way spreads at most probability 1 over the ports and days.
    expect(sum!.expected).toBeGreaterThan(0);
    expect(sum!.expected).toBeLessThanOrEqual(sum!.underway + 0.01 * 14 * 40);
  });

  it('follows tracks incrementally exactly as the active destination model scores them', async () => {
    const app = maritime.harness.instances[0]!.app;
    const model = await app.get(DestinationPredictor).active();
    expect(model).not.toBeNull();
    const repository = app.get(DestinationModelsRepository);
    const scorer = new IncrementalDestinations(
      await repository.counts(model!.version),
      await repository.portGeometry(),
    );
    const voyages = (await maritime.harness.db.query(
      `SELECT h3_sequence, laden FROM voyages WHERE cardinality(h3_sequence) >= 12
       ORDER BY id LIMIT 25`,
    )) as { h3_sequence: string[]; laden: boolean | null }[];
    expect(voyages).toHaveLength(25);
    let compared = 0;
    for (const voyage of voyages) {
      const track = scorer.track(voyage.h3_sequence, voyage.laden);
      const n = voyage.h3_sequence.length;
      for (const k of [1, 4, Math.floor(n / 2), n]) {
        const mine = new Map(track.distribution(k).map((s) => [Number(s.portId), s.probability]));
        const theirs = model!.distribution({
          cells: voyage.h3_sequence.slice(0, k),
          laden: voyage.laden,
        }).scores;
        expect([...mine.keys()].sort((a, b) => a - b)).toEqual(
          theirs.map((s) => s.portId).sort((a, b) => a - b),
        );
        for (const s of theirs) expect(mine.get(s.portId)).toBeCloseTo(s.probability, 9);
        compared += 1;
      }
    }
    expect(compared).toBe(100);
  });

  it('reissues a past day exactly as the backfill wrote it', async () => {
    const db = maritime.harness.db;
    const read = async (): Promise<unknown[]> =>
      (await db.query(
        `SELECT port_id, method, target_date::text, predicted::text, lower_80::text, upper_80::text
         FROM forecasts WHERE issued_on = '2026-02-15' ORDER BY 1, 2, 3`,
      )) as unknown[];
    const before = await read();
    const app = maritime.harness.instances[0]!.app;
    expect(await app.get(ForecastIssuer).issue('2026-02-15')).toEqual({ rows: 40 * 3 * 14 });
    expect(await read()).toEqual(before);
  });

  it('reports accuracy that recomputes from the stored forecasts and port calls', async () => {
    const db = maritime.harness.db;
    const [busiest] = (await db.query(
      `SELECT p.slug, p.id FROM port_calls c JOIN ports p ON p.id = c.port_id
       GROUP BY p.slug, p.id ORDER BY count(*) DESC, p.slug LIMIT 1`,
    )) as { slug: string; id: string }[];
    const reply = await maritime.get<{ accuracy: Record<string, unknown>[] }>(
      `/api/v1/forecasts/accuracy?port=${busiest!.slug}&method=ml&horizon=3&window_days=60`,
    );
    expect(reply.status).toBe(200);
    const actuals = new Map(
      (
        (await db.query(
          `SELECT (arrived_at AT TIME ZONE 'UTC')::date::text AS day, count(*)::int AS n
           FROM port_calls WHERE port_id = $1 GROUP BY 1`,
          [busiest!.id],
        )) as { day: string; n: number }[]
      ).map((r) => [r.day, r.n]),
    );
    const rows = (await db.query(
      `SELECT (issued_on - 1)::text AS base_day, target_date::text AS target, predicted::float8 AS predicted
       FROM forecasts WHERE port_id = $1 AND method = 'ml' AND horizon_days = 3
         AND target_date BETWEEN '2026-01-30' AND '2026-03-30'`,
      [busiest!.id],
    )) as { base_day: string; target: string; predicted: number }[];
    const points: AccuracyPoint[] = rows.map((r) => ({
      predicted: r.predicted,
      actual: actuals.get(r.target) ?? 0,
      base: actuals.get(r.base_day) ?? 0,
    }));
    expect(points).toHaveLength(60);
    const expected = accuracyMetrics(points);
    expect(reply.body.accuracy).toEqual([
      expect.objectContaining({
        port: busiest!.slug,
        method: 'ml',
        horizon_days: 3,
        window_days: 60,
        ...expected,
      }),
    ]);
    expect(expected.n_mape).toBeGreaterThan(0);
  });

  it('answers all 40 ports x 3 methods without filters, each scored', async () => {
    const reply = await maritime.get<{ accuracy: { n: number }[] }>('/api/v1/forecasts/accuracy');
    expect(reply.status).toBe(200);
    expect(reply.body.accuracy).toHaveLength(120);
    // 90 target days x 14 horizons each.
    expect(reply.body.accuracy.every((a) => a.n === 90 * 14)).toBe(true);
  });
});
