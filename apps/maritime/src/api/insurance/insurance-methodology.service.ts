import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import {
  AGE_BUCKETS,
  brierScore,
  CLAIMS_CAPS,
  CLAIMS_COEFFICIENTS,
  CLAIMS_INTERCEPT,
  CLAIMS_MODEL_VERSION,
  claimsRiskFactors,
  describeRiskFactors,
  predictClaims,
  PREMIUM_BASELINE,
  PREMIUM_CLAMP,
  RISK_TIERS,
  rocAuc,
  roundTo,
} from '@platform/maritime-domain';
import { POOL_LIMIT_DEFAULT, POOL_LIMIT_MAX } from './dto/insurance.query';
import { InsuranceRepository } from './insurance.repository';

/** How long a computed validation is served before it is computed again. */
export const VALIDATION_TTL_MS = 3_600_000;

export interface ClaimsValidation {
  dataset: string;
  holdout: string;
  n: number;
  auc: number | null;
  brier_score: number | null;
  base_rate: number | null;
  computed_at: string;
}

const round4 = (x: number | null): number | null => (x === null ? null : roundTo(x, 4));

/** The start of policy year `year` (20 February, UTC); the year runs to the next one. */
function policyYearStart(year: number): Date {
  return new Date(Date.UTC(year, 1, 20));
}

/**
 * The insurance methodology: the three models with every coefficient, the risk-v1 factors they
 * reuse, the data sources, and a validation of the claims model against the synthetic labels of
 * the latest policy year, computed on read and kept in process for an hour of clock time.
 */
@Injectable()
export class InsuranceMethodologyService {
  private cached: { atMs: number; value: ClaimsValidation } | null = null;

  constructor(
    @Inject(InsuranceRepository) private readonly repo: InsuranceRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async methodology(): Promise<Record<string, unknown>> {
    return {
      methodology: {
        version: CLAIMS_MODEL_VERSION,
        models: MODELS,
        risk_score: {
          version: 'risk-v1',
          factors: describeRiskFactors().map((f) => ({
            factor: f.factor,
            weight: f.weight,
            rule: f.rule,
          })),
          tiers: RISK_TIERS,
        },
        validation: await this.validation(),
        data_sources: DATA_SOURCES,
      },
    };
  }

  /** The cached validation while it is under an hour old by the clock, else a fresh one. */
  async validation(): Promise<ClaimsValidation> {
    const nowMs = this.clock.nowMs();
    const age = this.cached === null ? Infinity : nowMs - this.cached.atMs;
    if (this.cached !== null && age >= 0 && age < VALIDATION_TTL_MS) return this.cached.value;
    const value = await this.computeValidation(new Date(nowMs));
    this.cached = { atMs: nowMs, value };
    return value;
  }

  /**
   * Predicts every labelled vessel of the latest policy year with the facts as of the end of
   * that year (or now, while it runs) and scores the predictions against the labels.
   */
  private async computeValidation(now: Date): Promise<ClaimsValidation> {
    const year = await this.repo.latestClaimsYear();
    const labels = year === null ? [] : await this.repo.claims(year);
    const end = year === null ? now : policyYearStart(year + 1);
    const asOf = end.getTime() < now.getTime() ? end : now;
    const imos = labels.map((l) => l.imo);
    const rows = imos.length === 0 ? [] : await this.repo.facts(asOf, imos);
    const facts = new Map(rows.map((f) => [f.imo, f]));
    const probabilities: number[] = [];
    const outcomes: boolean[] = [];
    for (const label of labels) {
      const f = facts.get(label.imo);
      if (!f) continue;
      probabilities.push(predictClaims(claimsRiskFactors(f, asOf)).probability);
      outcomes.push(label.had_claim);
    }
    const n = outcomes.length;
    return {
      dataset: 'insurance_claims (synthetic)',
      holdout: 'latest policy_year',
      n,
      auc: round4(rocAuc(probabilities, outcomes)),
      brier_score: round4(brierScore(probabilities, outcomes)),
      base_rate: n === 0 ? null : round4(outcomes.filter(Boolean).length / n),
      computed_at: now.toISOString(),
    };
  }
}

const MODELS = [
  {
    name: 'claims_probability',
    type: 'logistic_regression',
    intercept: CLAIMS_INTERCEPT,
    coefficients: CLAIMS_COEFFICIENTS,
    input_coding: {
      age_bucket: {
        codes: Object.fromEntries(AGE_BUCKETS.map((b, i) => [b, i])),
        rule: 'years since build (as-of UTC year minus build year); unknown build year codes 0',
      },
      psc_detained_12m: { codes: { true: 1, false: 0 }, window_months: 12 },
      psc_deficiency_count_12m: { cap: CLAIMS_CAPS.psc_deficiency_count_12m, window_months: 12 },
      sanctions_match: { codes: { true: 1, false: 0 }, rule: 'any match type' },
      dark_events_90d: { cap: CLAIMS_CAPS.dark_events_90d, window_days: 90 },
      incident_proxy: {
        cap: CLAIMS_CAPS.incident_proxy,
        window_months: 12,
        rule: 'unplanned stops of 12 h or more at sea, outside ports and zones',
      },
    },
    output:
      'probability = 1 / (1 + e^-z), z = intercept + sum of coefficient x coded input; 4 decimals',
  },
  {
    name: 'premium_adjustment',
    type: 'additive_loading',
    baseline: PREMIUM_BASELINE,
    contributions: {
      risk_score_contribution: '0.4 x (risk_score - 25) / 100',
      sanctions_contribution: '0.50 for a direct_imo or mmsi match, 0.25 for a name match, else 0',
      psc_contribution: '0.02 x min(psc_deficiency_count_12m, 10) + 0.10 x psc_detained_12m',
      dark_events_contribution: '0.03 x min(dark_events_90d, 10)',
    },
    rounding: 'each contribution to 4 decimals; the sum uses the rounded values',
    clamp: PREMIUM_CLAMP,
  },
  {
    name: 'comparable_pool',
    criteria: {
      same: ['vessel_type'],
      build_year_within: 5,
      excludes: 'the focal vessel',
      order: ['abs_build_year_diff', 'abs_dwt_diff', 'imo_number'],
      limit: { default: POOL_LIMIT_DEFAULT, max: POOL_LIMIT_MAX },
      pool_stats:
        'over the whole pool: count; median and mean risk_score; percentile_rank = 100 x (below + 0.5 x equal) / count; 1 decimal',
    },
  },
];

const DATA_SOURCES = [
  { table: 'vessels', used_for: 'vessel type, build year (age bucket) and deadweight' },
  { table: 'vessel_risk_scores', used_for: 'the stored risk-v1 score and tier' },
  { table: 'psc_inspections', used_for: 'deficiencies and detentions in 12 months' },
  { table: 'sanctions_matches', used_for: 'sanctions match and its strongest type' },
  { table: 'dark_events', used_for: 'AIS gaps at sea detected in 90 days' },
  { table: 'locus_alerts', used_for: 'unplanned_stop alerts in 12 months (incident proxy)' },
  { table: 'insurance_claims', used_for: 'synthetic claim labels, for the validation only' },
];
