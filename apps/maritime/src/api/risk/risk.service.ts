import { Inject, Injectable } from '@nestjs/common';
import { ApiError } from '@platform/http';
import {
  meetsPlan,
  parseRiskWeights,
  reweightRiskScore,
  RISK_TIERS,
  RISK_V1_WEIGHTS,
  type RiskScoreResult,
} from '@platform/maritime-domain';
import type { Caller } from '../../platform/access/caller';
import { DataWindow } from '../../platform/access/data-window';
import { RiskScoresRepository, StoredRiskScore } from '../../pipeline/risk/risk-scores.repository';
import { RiskScoringService } from '../../pipeline/risk/risk-scoring.service';
import { notFound } from '../vessels/vessels.service';
import { VesselsRepository } from '../vessels/vessels.repository';
import { RiskWeightSet, RiskWeightsRepository } from './risk-weights.repository';

const round2 = (x: number): number => Math.round(x * 100) / 100;

function factorsView(result: Pick<RiskScoreResult, 'factors'>): Record<string, unknown>[] {
  return result.factors.map((f) => ({
    factor: f.factor,
    raw_value: f.raw_value,
    sub_score: round2(f.sub_score),
    weight: f.weight,
    contribution: round2(f.contribution),
  }));
}

/** A vessel's risk-v1 score, the owner's custom weighting of it, and its methodology. */
@Injectable()
export class RiskService {
  constructor(
    @Inject(RiskScoresRepository) private readonly scores: RiskScoresRepository,
    @Inject(RiskScoringService) private readonly scoring: RiskScoringService,
    @Inject(RiskWeightsRepository) private readonly weights: RiskWeightsRepository,
    @Inject(VesselsRepository) private readonly vessels: VesselsRepository,
    @Inject(DataWindow) private readonly window: DataWindow,
  ) {}

  /** The stored score; a vessel not scored yet (new since the nightly run) is scored now. */
  async stored(imo: string): Promise<StoredRiskScore> {
    const existing = await this.scores.find(imo);
    if (existing) return existing;
    if (!(await this.vessels.exists(imo))) throw notFound(imo);
    await this.scoring.recompute(this.window.now(), [imo]);
    const computed = await this.scores.find(imo);
    if (!computed) throw notFound(imo);
    return computed;
  }

  async risk(imo: string, caller: Caller): Promise<Record<string, unknown>> {
    const stored = await this.stored(imo);
    const custom = await this.customFor(caller);
    return {
      risk: {
        imo_number: imo,
        version: stored.methodology_version,
        score: stored.score,
        tier: stored.tier,
        tier_override: stored.tier_override,
        computed_at: stored.computed_at.toISOString(),
        weights: RISK_V1_WEIGHTS,
        factors: factorsView(stored),
        ...(custom ? { custom: this.customView(stored, custom) } : {}),
      },
      tier: caller.limits.tier,
    };
  }

  async methodology(imo: string, caller: Caller): Promise<Record<string, unknown>> {
    const stored = await this.stored(imo);
    const vessel = await this.vessels.find(imo);
    if (!vessel) throw notFound(imo);
    const custom = await this.customFor(caller);
    const sum = stored.factors.reduce((total, f) => total + f.contribution, 0);
    return {
      risk_methodology: {
        imo,
        vessel: {
          name: vessel.name,
          vessel_type: vessel.vessel_type,
          flag: vessel.flag,
          build_year: vessel.build_year,
        },
        version: stored.methodology_version,
        computed_at: stored.computed_at.toISOString(),
        risk_score: stored.score,
        risk_tier: stored.tier,
        tier_override: stored.tier_override,
        tiers: RISK_TIERS,
        factors: stored.factors.map((f) => ({
          factor: f.factor,
          weight: f.weight,
          raw_value: f.raw_value,
          sub_score: round2(f.sub_score),
          weighted_contribution: round2(f.contribution),
          window_days: f.window_days,
          rule: f.rule,
        })),
        contributions_sum: round2(sum),
        ...(custom ? { custom: this.customView(stored, custom) } : {}),
      },
    };
  }

  async currentWeights(caller: Caller): Promise<Record<string, unknown>> {
    const owner = requireOwner(caller);
    const set = await this.weights.current(owner);
    return {
      weights: set ? setView(set) : { version: 0, weights: RISK_V1_WEIGHTS, created_at: null },
    };
  }

  async putWeights(
    body: { weights: Record<string, unknown> },
    caller: Caller,
  ): Promise<Record<string, unknown>> {
    const owner = requireOwner(caller);
    const parsed = parseRiskWeights(body.weights, 'weights');
    if (parsed.weights === null)
      throw ApiError.badRequest(
        'invalid_request',
        parsed.errors.map((e) => `${e.field} ${e.message}`).join('; '),
        parsed.errors.map((e) => ({ field: e.field, message: `${e.field} ${e.message}` })),
      );
    const keyId = caller.key?.id as string;
    let set: RiskWeightSet;
    try {
      set = await this.weights.add(owner, parsed.weights, keyId);
    } catch {
      set = await this.weights.add(owner, parsed.weights, keyId); // lost a race for the version
    }
    return { weights: setView(set) };
  }

  private async customFor(caller: Caller): Promise<RiskWeightSet | undefined> {
    if (!caller.key || !meetsPlan(caller.key.plan, 'supply_chain_risk')) return undefined;
    return this.weights.current(caller.key.ownerId);
  }

  private customView(stored: StoredRiskScore, set: RiskWeightSet): Record<string, unknown> {
    const result = reweightRiskScore(stored, set.weights);
    return {
      version: 'custom',
      weights_version: set.version,
      score: result.score,
      tier: result.tier,
      tier_override: result.tier_override,
      weights: set.weights,
      factors: factorsView(result),
    };
  }
}

function requireOwner(caller: Caller): string {
  if (!caller.key) throw ApiError.unauthorized('api_key_required', 'This route needs an API key');
  return caller.key.ownerId;
}

function setView(set: RiskWeightSet): Record<string, unknown> {
  return { version: set.version, weights: set.weights, created_at: set.created_at.toISOString() };
}
