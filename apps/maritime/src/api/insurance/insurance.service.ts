import { Inject, Injectable } from '@nestjs/common';
import {
  CLAIMS_CAPS,
  CLAIMS_COEFFICIENTS,
  CLAIMS_INTERCEPT,
  CLAIMS_MODEL_VERSION,
  claimsRiskFactors,
  poolStats,
  PREMIUM_BASELINE,
  PREMIUM_CLAMP,
  predictClaims,
  premiumAdjustment,
  premiumInputs,
} from '@platform/maritime-domain';
import type { Caller } from '../../platform/access/caller';
import { DataWindow } from '../../platform/access/data-window';
import { RiskScoringService } from '../../pipeline/risk/risk-scoring.service';
import { notFound } from '../vessels/vessels.service';
import { POOL_LIMIT_DEFAULT } from './dto/insurance.query';
import { focalView, poolEntryView, ScoredVessel, vesselView } from './insurance-views';
import { InsuranceFactsRow, InsuranceRepository, InsuredVesselRow } from './insurance.repository';

const POOL_BUILD_YEAR_WINDOW = 5;

/** claims-v1 for one vessel: its claims probability, comparable pool and premium adjustment. */
@Injectable()
export class InsuranceService {
  constructor(
    @Inject(InsuranceRepository) private readonly repo: InsuranceRepository,
    @Inject(RiskScoringService) private readonly scoring: RiskScoringService,
    @Inject(DataWindow) private readonly window: DataWindow,
  ) {}

  async claimsPrediction(imo: string, caller: Caller): Promise<Record<string, unknown>> {
    const asOf = this.window.now();
    const vessel = await this.scoredVessel(imo, asOf);
    const factors = claimsRiskFactors(await this.facts(imo, asOf), asOf);
    const prediction = predictClaims(factors);
    return {
      imo,
      vessel: vesselView(vessel),
      claims_probability: prediction.probability,
      risk_factors: factors,
      model: {
        version: CLAIMS_MODEL_VERSION,
        type: 'logistic_regression',
        intercept: CLAIMS_INTERCEPT,
        coefficients: CLAIMS_COEFFICIENTS,
        caps: CLAIMS_CAPS,
        coded_inputs: prediction.coded_inputs,
        z: prediction.z,
      },
      as_of: asOf.toISOString(),
      tier: caller.limits.tier,
    };
  }

  async premiumAdjustment(imo: string, caller: Caller): Promise<Record<string, unknown>> {
    const asOf = this.window.now();
    const vessel = await this.scoredVessel(imo, asOf);
    const inputs = premiumInputs(await this.facts(imo, asOf), vessel.risk_score);
    const result = premiumAdjustment(inputs);
    return {
      imo,
      vessel: vesselView(vessel),
      premium_adjustment_factor: result.premium_adjustment_factor,
      factors: result.factors,
      inputs,
      baseline: PREMIUM_BASELINE,
      unclamped_factor: result.unclamped_factor,
      clamp: PREMIUM_CLAMP,
      clamped_at: result.clamped_at,
      model_version: CLAIMS_MODEL_VERSION,
      as_of: asOf.toISOString(),
      tier: caller.limits.tier,
    };
  }

  /**
   * Every other vessel of the type built within ±5 years. The statistics cover the whole pool;
   * `limit` only cuts the listed entries. A focal vessel with no build year has an empty pool.
   */
  async comparablePool(
    imo: string,
    limit: number | undefined,
    caller: Caller,
  ): Promise<Record<string, unknown>> {
    const asOf = this.window.now();
    const focal = await this.scoredVessel(imo, asOf);
    const pool =
      focal.build_year === null
        ? []
        : await this.scoredPool({ ...focal, build_year: focal.build_year }, asOf);
    const applied = limit ?? POOL_LIMIT_DEFAULT;
    return {
      focal: focalView(focal),
      criteria: {
        vessel_type: focal.vessel_type,
        build_year_min:
          focal.build_year === null ? null : focal.build_year - POOL_BUILD_YEAR_WINDOW,
        build_year_max:
          focal.build_year === null ? null : focal.build_year + POOL_BUILD_YEAR_WINDOW,
        order: ['abs_build_year_diff', 'abs_dwt_diff', 'imo_number'],
      },
      pool: pool.slice(0, applied).map(poolEntryView),
      pool_stats: poolStats(
        focal.risk_score,
        pool.map((v) => v.risk_score),
      ),
      limit_applied: applied,
      tier: caller.limits.tier,
    };
  }

  private async facts(imo: string, asOf: Date): Promise<InsuranceFactsRow> {
    const [row] = await this.repo.facts(asOf, [imo]);
    if (!row) throw notFound(imo);
    return row;
  }

  /** The vessel with its stored score; one not scored yet (new since the nightly run) is scored now. */
  private async scoredVessel(imo: string, asOf: Date): Promise<ScoredVessel> {
    let vessel = await this.repo.vessel(imo);
    if (!vessel) throw notFound(imo);
    if (vessel.risk_score === null) {
      await this.scoring.recompute(asOf, [imo]);
      vessel = await this.repo.vessel(imo);
    }
    if (!vessel || !isScored(vessel)) throw notFound(imo);
    return vessel;
  }

  private async scoredPool(
    focal: ScoredVessel & { build_year: number },
    asOf: Date,
  ): Promise<ScoredVessel[]> {
    let pool = await this.repo.pool(focal);
    const unscored = pool.filter((v) => !isScored(v)).map((v) => v.imo);
    if (unscored.length > 0) {
      await this.scoring.recompute(asOf, unscored);
      pool = await this.repo.pool(focal);
    }
    return pool.filter(isScored);
  }
}

function isScored(v: InsuredVesselRow): v is ScoredVessel {
  return v.risk_score !== null && v.risk_tier !== null;
}
