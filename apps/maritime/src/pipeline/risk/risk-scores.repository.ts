import { Inject, Injectable } from '@nestjs/common';
import type { RiskScoreResult } from '@platform/maritime-domain';
import { DataSource, EntityManager } from 'typeorm';

export interface StoredRiskScore {
  imo: string;
  score: number;
  tier: RiskScoreResult['tier'];
  tier_override: RiskScoreResult['tier_override'];
  factors: RiskScoreResult['factors'];
  methodology_version: string;
  computed_at: Date;
}

const BATCH = 1000;

@Injectable()
export class RiskScoresRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** Writes scores in batches of 1,000 rows (one statement each, unnest of parallel arrays). */
  async upsert(
    scores: readonly { imo: string; result: RiskScoreResult }[],
    computedAt: Date,
    manager: EntityManager = this.db.manager,
  ): Promise<void> {
    for (let i = 0; i < scores.length; i += BATCH) {
      const batch = scores.slice(i, i + BATCH);
      await manager.query(
        `INSERT INTO vessel_risk_scores (imo, score, tier, tier_override, factors, methodology_version, computed_at)
         SELECT imo, score, tier, tier_override, factors, 'risk-v1', $6
         FROM unnest($1::text[], $2::numeric[], $3::text[], $4::text[], $5::jsonb[])
           AS s (imo, score, tier, tier_override, factors)
         ON CONFLICT (imo) DO UPDATE SET score = excluded.score, tier = excluded.tier,
           tier_override = excluded.tier_override, factors = excluded.factors,
           methodology_version = excluded.methodology_version, computed_at = excluded.computed_at`,
        [
          batch.map((s) => s.imo),
          batch.map((s) => s.result.score),
          batch.map((s) => s.result.tier),
          batch.map((s) => s.result.tier_override),
          batch.map((s) => JSON.stringify(s.result.factors)),
          computedAt,
        ],
      );
    }
  }

  async find(imo: string): Promise<StoredRiskScore | undefined> {
    const rows = (await this.db.query(
      `SELECT imo, score::float8 AS score, tier, tier_override, factors, methodology_version, computed_at
       FROM vessel_risk_scores WHERE imo = $1`,
      [imo],
    )) as StoredRiskScore[];
    return rows[0];
  }

  /** Vessels that qualify as dark fleet at `asOf`: high or critical, a dark event in the last
   * 30 days, and a sanctions match or no active International Group cover. */
  async darkFleetCandidates(
    asOf: Date,
  ): Promise<{ imo: string; name: string; tier: string; score: number }[]> {
    return (await this.db.query(
      `SELECT r.imo, v.name, r.tier, r.score::float8 AS score
       FROM vessel_risk_scores r JOIN vessels v USING (imo)
       WHERE r.tier IN ('high', 'critical')
         AND EXISTS (SELECT 1 FROM dark_events d WHERE d.imo = r.imo
                     AND d.occurred_at > $1::timestamptz - interval '30 days'
                     AND d.occurred_at <= $1::timestamptz)
         AND (EXISTS (SELECT 1 FROM sanctions_matches m WHERE m.imo = r.imo)
              OR NOT EXISTS (SELECT 1 FROM pi_coverage c JOIN pi_clubs k ON k.id = c.club_id
                             WHERE c.imo = r.imo AND k.ig_member AND c.inception <= $1::date
                               AND $1::date < least(c.expiry, coalesce(c.cancelled_on, c.expiry))))
       ORDER BY r.imo`,
      [asOf],
    )) as { imo: string; name: string; tier: string; score: number }[];
  }
}
