import { Inject, Injectable } from '@nestjs/common';
import { computeRiskScore, type RiskScoreResult, type RiskTier } from '@platform/maritime-domain';
import { PlatformAlertsRepository } from './platform-alerts.repository';
import { RiskInputsRepository } from './risk-inputs.repository';
import { RiskScoresRepository } from './risk-scores.repository';

export interface RiskRecomputeResult {
  vessels: number;
  tiers: Record<RiskTier, number>;
  dark_fleet_alerts: number;
}

/**
 * Computes risk-v1 for every vessel (the nightly job, the seed) or some (on demand) from the
 * stored facts, stores it as the one source of score and tier for every route, and raises a
 * dark_fleet alert, once per vessel and ISO week, for each high or critical vessel with a recent
 * dark event and a sanctions match or no active International Group cover.
 */
@Injectable()
export class RiskScoringService {
  constructor(
    @Inject(RiskInputsRepository) private readonly inputs: RiskInputsRepository,
    @Inject(RiskScoresRepository) private readonly scores: RiskScoresRepository,
    @Inject(PlatformAlertsRepository) private readonly alerts: PlatformAlertsRepository,
  ) {}

  async recompute(asOf: Date, imos?: readonly string[]): Promise<RiskRecomputeResult> {
    const inputs = await this.inputs.load(asOf, imos);
    const results: { imo: string; result: RiskScoreResult }[] = [];
    const tiers: Record<RiskTier, number> = { low: 0, medium: 0, high: 0, critical: 0 };
    for (const [imo, vesselInputs] of inputs) {
      const result = computeRiskScore(vesselInputs, { asOf });
      tiers[result.tier] += 1;
      results.push({ imo, result });
    }
    await this.scores.upsert(results, asOf);
    const darkFleet = imos === undefined ? await this.raiseDarkFleet(asOf) : 0;
    return { vessels: results.length, tiers, dark_fleet_alerts: darkFleet };
  }

  private async raiseDarkFleet(asOf: Date): Promise<number> {
    const week = isoWeek(asOf);
    const candidates = await this.scores.darkFleetCandidates(asOf);
    return this.alerts.raise(
      candidates.map((vessel) => ({
        type: 'dark_fleet',
        product: 'maritime',
        imo: vessel.imo,
        severity: vessel.tier === 'critical' ? 'critical' : 'warning',
        confidence: 0.8,
        title: `Dark fleet indicators: ${vessel.name}`,
        description: `${vessel.name} (IMO ${vessel.imo}) scores ${vessel.score} (${vessel.tier}), went dark in the last 30 days and has a sanctions match or no active International Group P&I cover.`,
        metadata: { risk_score: vessel.score, risk_tier: vessel.tier, iso_week: week },
        occurredAt: asOf,
        dedupeKey: `dark_fleet:${vessel.imo}:${week}`,
      })),
    );
  }
}

/** ISO 8601 week of an instant, e.g. `2026-W14`. */
export function isoWeek(instant: Date): string {
  const day = new Date(
    Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()),
  );
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}
