import { Inject, Injectable } from '@nestjs/common';
import type { RiskWeights } from '@platform/maritime-domain';
import { DataSource } from 'typeorm';

export interface RiskWeightSet {
  version: number;
  weights: RiskWeights;
  created_at: Date;
}

/** An owner's custom risk weights; every change is a new immutable version. */
@Injectable()
export class RiskWeightsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async current(ownerId: string): Promise<RiskWeightSet | undefined> {
    const rows = (await this.db.query(
      `SELECT version, weights, created_at FROM risk_weight_sets
       WHERE owner_id = $1 ORDER BY version DESC LIMIT 1`,
      [ownerId],
    )) as RiskWeightSet[];
    return rows[0];
  }

  async history(ownerId: string): Promise<RiskWeightSet[]> {
    return (await this.db.query(
      `SELECT version, weights, created_at FROM risk_weight_sets
       WHERE owner_id = $1 ORDER BY version DESC`,
      [ownerId],
    )) as RiskWeightSet[];
  }

  /**
   * Adds the next version. Two concurrent writers compute the same number and the primary key
   * refuses the second; the caller retries once.
   */
  async add(ownerId: string, weights: RiskWeights, keyId: string): Promise<RiskWeightSet> {
    const rows = (await this.db.query(
      `INSERT INTO risk_weight_sets (owner_id, version, weights, created_by_key_id)
       SELECT $1, coalesce(max(version), 0) + 1, $2::jsonb, $3 FROM risk_weight_sets WHERE owner_id = $1
       RETURNING version, weights, created_at`,
      [ownerId, JSON.stringify(weights), keyId],
    )) as RiskWeightSet[];
    return rows[0] as RiskWeightSet;
  }
}
