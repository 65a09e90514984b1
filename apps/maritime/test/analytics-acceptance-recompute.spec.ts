// Black-box acceptance on the small seed: claims_probability, premium_adjustment_factor, the
// comparable pool (fetched whole at limit 200: membership, order, median, mean, percentile_rank)
// and discrepancy_pct recompute from the inputs each route returns, to ±1e-4.
import {
  claimsProbability,
  ClaimsFactors,
  mirror,
  poolStats,
  PremiumInputs,
  premiumFactor,
} from './support/analytics-acceptance-recompute';
import { maritimeForFile } from './support/maritime-harness';
import { smallSeedTemplate } from './support/small-seed';

const maritime = maritimeForFile({ ...smallSeedTemplate });
let key = '';
let analyst = '';
const TOLERANCE = 1e-4;
type Body = Record<string, unknown>;

const ageBucket = (age: number): string =>
  age >= 20 ? '20+' : age >= 15 ? '15-19' : age >= 10 ? '10-14' : '0-9';

/** The pool is every other vessel of the type built within ±5 years, by |Δyear|, |Δdwt|, imo. */
async function expectWholeOrderedPool(
  imo: string,
  focal: { build_year: number; dwt: number },
  pool: readonly { imo_number: string; build_year: number; dwt: number }[],
): Promise<void> {
  const expected = (await maritime.harness.db.query(
    `SELECT o.imo FROM vessels f JOIN vessels o
       ON o.vessel_type = f.vessel_type AND o.imo <> f.imo
      AND abs(o.build_year - f.build_year) <= 5
     WHERE f.imo = $1`,
    [imo],
  )) as { imo: string }[];
  expect(new Set(pool.map((v) => v.imo_number))).toEqual(
    new Set(expected.map((r) => r.imo.trim())),
  );
  const rank = (v: { imo_number: string; build_year: number; dwt: number }) =>
    [Math.abs(v.build_year - focal.build_year), Math.abs(v.dwt - focal.dwt), v.imo_number] as const;
  for (let i = 1; i < pool.length; i += 1) {
    const [a, b] = [rank(pool[i - 1]!), rank(pool[i]!)];
    expect(a[0] < b[0] || (a[0] === b[0] && (a[1] < b[1] || (a[1] === b[1] && a[2] < b[2])))).toBe(
      true,
    );
  }
}

beforeAll(async () => {
  key = await maritime.mintKey('pro', { owner: 'acceptance-recompute' });
  analyst = await maritime.mintKey('pro', { owner: 'acceptance-recompute', analyst: true });
});

describe('recomputation from the returned inputs (±1e-4)', () => {
  let imos: string[] = [];

  beforeAll(async () => {
    // The riskiest vessels (sanctions, detentions, dark events) and an ordinary slice.
    const rows = (await maritime.harness.db.query(
      `(SELECT imo FROM vessel_risk_scores ORDER BY score DESC, imo LIMIT 15)
       UNION (SELECT imo FROM sanctions_matches)
       UNION (SELECT imo FROM psc_inspections WHERE detained)
       UNION (SELECT imo FROM vessels ORDER BY imo LIMIT 15)`,
    )) as { imo: string }[];
    imos = rows.map((r) => r.imo.trim()).sort();
  });

  it('claims_probability and premium_adjustment_factor, consistent across the two routes', async () => {
    expect(imos.length).toBeGreaterThan(20);
    let clampedOrLoaded = 0;
    for (const imo of imos) {
      const claims = await maritime.get<Body>(
        `/api/v1/insurance/claims-prediction?imo=${imo}`,
        key,
      );
      expect({ imo, status: claims.status }).toEqual({ imo, status: 200 });
      const factors = claims.body['risk_factors'] as ClaimsFactors;
      const p = claims.body['claims_probability'] as number;
      expect({ imo, diff: Math.abs(p - claimsProbability(factors)) <= TOLERANCE }).toEqual({
        imo,
        diff: true,
      });
      const premium = await maritime.get<Body>(
        `/api/v1/insurance/premium-adjustment?imo=${imo}`,
        key,
      );
      expect(premium.status).toBe(200);
      const inputs = premium.body['inputs'] as PremiumInputs;
      const factor = premium.body['premium_adjustment_factor'] as number;
      expect({ imo, diff: Math.abs(factor - premiumFactor(inputs)) <= TOLERANCE }).toEqual({
        imo,
        diff: true,
      });
      expect(factor).toBeGreaterThanOrEqual(0.75);
      expect(factor).toBeLessThanOrEqual(2.5);
      if (factor > 1.2) clampedOrLoaded += 1;
      // The two routes describe the same vessel with the same facts.
      expect(inputs).toMatchObject({
        psc_deficiency_count_12m: factors.psc_deficiency_count_12m,
        psc_detained_12m: factors.psc_detained_12m,
        dark_events_90d: factors.dark_events_90d,
        risk_score: (premium.body['vessel'] as Body)['risk_score'],
      });
      expect(inputs.sanctions_match_type !== null).toBe(factors.sanctions_match);
      // age_bucket follows the returned build year and as-of year (age = year − build_year).
      const vessel = claims.body['vessel'] as { build_year: number | null; risk_score: number };
      const asOfYear = new Date(claims.body['as_of'] as string).getUTCFullYear();
      expect({ imo, bucket: factors.age_bucket }).toEqual({
        imo,
        bucket: vessel.build_year === null ? null : ageBucket(asOfYear - vessel.build_year),
      });
      // The score feeding the premium is the one /vessels/{imo}/risk publishes.
      const risk = await maritime.get<{ risk: { score: number } }>(
        `/api/v1/vessels/${imo}/risk`,
        key,
      );
      expect({ imo, score: risk.body.risk.score }).toEqual({ imo, score: inputs.risk_score });
    }
    expect(clampedOrLoaded).toBeGreaterThan(0);
  });

  it('comparable pool: fetched whole at limit 200, stats and percentile_rank recompute', async () => {
    for (const imo of imos) {
      const reply = await maritime.get<Body>(
        `/api/v1/insurance/comparable-pool?imo=${imo}&limit=200`,
        key,
      );
      expect(reply.status).toBe(200);
      const focal = reply.body['focal'] as { risk_score: number; build_year: number; dwt: number };
      const pool = reply.body['pool'] as {
        imo_number: string;
        risk_score: number;
        build_year: number;
        dwt: number;
      }[];
      const stats = reply.body['pool_stats'] as ReturnType<typeof poolStats>;
      expect(stats.count).toBeLessThanOrEqual(200);
      expect(pool).toHaveLength(stats.count);
      expect(pool.map((v) => v.imo_number)).not.toContain(imo);
      await expectWholeOrderedPool(imo, focal, pool);
      const expected = poolStats(
        focal.risk_score,
        pool.map((v) => v.risk_score),
      );
      for (const name of ['percentile_rank', 'median_risk_score', 'mean_risk_score'] as const) {
        const [got, want] = [stats[name], expected[name]];
        if (want === null) expect({ imo, name, got }).toEqual({ imo, name, got: null });
        else
          expect({ imo, name, ok: Math.abs((got ?? NaN) - want) <= TOLERANCE }).toEqual({
            imo,
            name,
            ok: true,
          });
      }
    }
  });

  it('discrepancy_pct and status recompute on every trade-flows?view=mirror row, ordered', async () => {
    type Row = {
      period: number;
      exported_mt: number | null;
      imported_mt: number | null;
      discrepancy_pct: number;
      status: string;
    };
    const mirrorRows = async (query: string) => {
      const reply = await maritime.get<{ discrepancies: Row[]; total: number }>(
        `/api/v1/trade-flows?view=mirror&limit=200${query}`,
        key,
      );
      expect(reply.status).toBe(200);
      const rows = reply.body.discrepancies;
      for (let i = 1; i < rows.length; i += 1)
        expect(rows[i - 1]!.discrepancy_pct).toBeGreaterThanOrEqual(rows[i]!.discrepancy_pct);
      return { rows, total: reply.body.total };
    };
    const first = await mirrorRows('');
    expect(first.rows.length).toBeGreaterThan(0);
    // Fetch each year whole, so every seeded pair is recomputed.
    const all: Row[] = [];
    for (const period of [...new Set(first.rows.map((r) => r.period))]) {
      const year = await mirrorRows(`&period=${period}`);
      expect(year.rows).toHaveLength(year.total);
      all.push(...year.rows);
    }
    expect(all).toHaveLength(first.total);
    for (const row of all) {
      const want = mirror(row.exported_mt, row.imported_mt);
      expect(Math.abs(row.discrepancy_pct - want.discrepancy_pct)).toBeLessThanOrEqual(TOLERANCE);
      expect(row.status).toBe(want.status);
    }
    // The seed misreports about 8 % of pairs by 20–60 %.
    const misreported = all.filter((r) => r.status === 'significant' || r.status === 'major');
    expect(misreported.length).toBeGreaterThan(0);
  });

  it('discrepancy_pct recomputes in the reconciliation of seeded carrying vessels', async () => {
    const entities = await maritime.get<{ entities: { imo_number: string }[] }>(
      '/api/v1/trade-flows?view=entity&limit=200',
      key,
    );
    expect(entities.status).toBe(200);
    const carriers = [...new Set(entities.body.entities.map((e) => e.imo_number))].slice(0, 12);
    expect(carriers.length).toBeGreaterThan(0);
    let checked = 0;
    for (const imo of carriers) {
      const reply = await maritime.get<{ reconciliation: Body }>(
        `/api/v1/vessels/${imo}/case-files/reconciliation`,
        analyst,
      );
      expect(reply.status).toBe(200);
      const rows = reply.body.reconciliation['mirror_discrepancies'] as {
        exported_mt: number | null;
        imported_mt: number | null;
        discrepancy_pct: number;
        status: string;
      }[];
      for (const row of rows) {
        const want = mirror(row.exported_mt, row.imported_mt);
        expect(Math.abs(row.discrepancy_pct - want.discrepancy_pct)).toBeLessThanOrEqual(TOLERANCE);
        expect(row.status).toBe(want.status);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
