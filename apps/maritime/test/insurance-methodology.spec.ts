// The insurance methodology on the small seed: the body's shape, the validation of claims-v1
// against the synthetic labels, and its one-hour cache; plus claims-prediction on a seeded
// vessel, recomputed from its returned inputs.
import { FixedClock } from '@platform/clock';
import { RISK_FACTOR_NAMES } from '@platform/maritime-domain';
import { logistic } from './support/insurance-fixtures';
import { maritimeForFile } from './support/maritime-harness';
import { smallSeedTemplate } from './support/small-seed';

const maritime = maritimeForFile({ ...smallSeedTemplate });

interface Validation {
  dataset: string;
  holdout: string;
  n: number;
  auc: number;
  brier_score: number;
  base_rate: number;
  computed_at: string;
}
interface MethodologyReply {
  methodology: {
    version: string;
    models: { name: string; type?: string; [k: string]: unknown }[];
    risk_score: { version: string; factors: { factor: string; weight: number; rule: string }[] };
    validation: Validation;
    data_sources: unknown[];
  };
}

const methodology = () => maritime.get<MethodologyReply>('/api/v1/insurance/methodology');

describe('GET /insurance/methodology on the small seed', () => {
  it('is public and describes the three models, risk-v1 and the data sources', async () => {
    const reply = await methodology();
    expect(reply.status).toBe(200);
    const m = reply.body.methodology;
    expect(Object.keys(m)).toEqual([
      'version',
      'models',
      'risk_score',
      'validation',
      'data_sources',
    ]);
    expect(m.version).toBe('claims-v1');
    expect(m.models.map((x) => x.name)).toEqual([
      'claims_probability',
      'premium_adjustment',
      'comparable_pool',
    ]);
    expect(m.models[0]).toMatchObject({
      type: 'logistic_regression',
      intercept: -3.2,
      coefficients: {
        age_bucket: 0.35,
        psc_detained_12m: 0.9,
        psc_deficiency_count_12m: 0.08,
        sanctions_match: 1.1,
        dark_events_90d: 0.12,
        incident_proxy: 0.45,
      },
    });
    expect(m.models[1]).toMatchObject({
      type: 'additive_loading',
      baseline: 1,
      clamp: { min: 0.75, max: 2.5 },
    });
    expect(m.risk_score.version).toBe('risk-v1');
    expect(m.risk_score.factors.map((f) => f.factor)).toEqual([...RISK_FACTOR_NAMES]);
    const weights = m.risk_score.factors.reduce((s, f) => s + f.weight, 0);
    expect(Math.abs(weights - 1)).toBeLessThan(1e-9);
    expect(m.data_sources.length).toBeGreaterThan(0);
  });

  it('validates claims-v1 on the latest policy year of the labels', async () => {
    const v = (await methodology()).body.methodology.validation;
    expect(Object.keys(v)).toEqual([
      'dataset',
      'holdout',
      'n',
      'auc',
      'brier_score',
      'base_rate',
      'computed_at',
    ]);
    expect(v.dataset).toBe('insurance_claims (synthetic)');
    expect(v.holdout).toBe('latest policy_year');
    const [count] = (await maritime.harness.db.query(
      `SELECT count(*)::int AS n, avg(had_claim::int)::float8 AS rate FROM insurance_claims
       WHERE policy_year = (SELECT max(policy_year) FROM insurance_claims)`,
    )) as { n: number; rate: number }[];
    expect(v.n).toBe(count!.n);
    expect(v.n).toBeGreaterThan(0);
    expect(Math.abs(v.base_rate - count!.rate)).toBeLessThanOrEqual(1e-4);
    expect(v.auc).toBeGreaterThanOrEqual(0);
    expect(v.auc).toBeLessThanOrEqual(1);
    expect(v.brier_score).toBeGreaterThanOrEqual(0);
    expect(v.brier_score).toBeLessThanOrEqual(1);
  });

  it('serves the validation from its cache for an hour of clock time', async () => {
    const clock = maritime.harness.clock as FixedClock;
    const first = (await methodology()).body.methodology.validation;
    clock.advance(59 * 60_000);
    const cached = (await methodology()).body.methodology.validation;
    expect(cached.computed_at).toBe(first.computed_at);
    clock.advance(2 * 60_000);
    const fresh = (await methodology()).body.methodology.validation;
    expect(fresh.computed_at).toBe(clock.now().toISOString());
    expect(fresh.computed_at).not.toBe(first.computed_at);
  });
});

describe('claims-prediction on a seeded vessel', () => {
  it('recomputes from the returned inputs to 1e-4', async () => {
    const key = await maritime.mintKey('starter');
    const [vessel] = (await maritime.harness.db.query(
      `SELECT v.imo FROM vessels v JOIN dark_events d USING (imo) ORDER BY v.imo LIMIT 1`,
    )) as { imo: string }[];
    const reply = await maritime.get<{
      claims_probability: number;
      model: {
        intercept: number;
        coefficients: Record<string, number>;
        coded_inputs: Record<string, number>;
        z: number;
      };
    }>(`/api/v1/insurance/claims-prediction?imo=${vessel!.imo}`, key);
    expect(reply.status).toBe(200);
    const { intercept, coefficients, coded_inputs: coded } = reply.body.model;
    const z = Object.keys(coefficients).reduce(
      (sum, name) => sum + coefficients[name]! * coded[name]!,
      intercept,
    );
    expect(Math.abs(z - reply.body.model.z)).toBeLessThanOrEqual(1e-4);
    expect(Math.abs(logistic(z) - reply.body.claims_probability)).toBeLessThanOrEqual(1e-4);
  });
});
