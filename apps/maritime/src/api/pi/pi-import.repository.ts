import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ClubKey, InvalidRow, PiCsvRow } from './pi-csv';

/** A well-formed row whose club and vessel are both known. */
export interface CoverageUpsert extends PiCsvRow {
  clubId: string;
}

export interface ImportBatch {
  ownerId: string;
  apiKeyId: string | null;
  rowsProcessed: number;
  unmatchedClubs: string[];
  unmatchedVessels: string[];
  invalidRows: InvalidRow[];
  at: Date;
}

@Injectable()
export class PiImportRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async clubs(): Promise<ClubKey[]> {
    return (await this.db.query(
      'SELECT id::text AS id, slug, name, aliases FROM pi_clubs ORDER BY slug',
    )) as ClubKey[];
  }

  /** The IMOs among `imos` that name a vessel of the fleet. */
  async knownVessels(imos: readonly string[]): Promise<Set<string>> {
    const rows = (await this.db.query('SELECT imo FROM vessels WHERE imo = ANY ($1::text[])', [
      [...new Set(imos)],
    ])) as { imo: string }[];
    return new Set(rows.map((r) => r.imo));
  }

  /**
   * Records the batch and upserts its rows on (imo, club, policy_year, cover_type) in one
   * transaction, with one unnest statement. A re-imported row takes the new dates and tonnage
   * and the new batch; an earlier cancellation survives only if it still falls inside the new
   * dates. Returns the batch id and the number of rows written.
   */
  async write(
    batch: ImportBatch,
    rows: readonly CoverageUpsert[],
  ): Promise<{ batchId: string; written: number }> {
    return this.db.transaction(async (manager) => {
      const [{ id: batchId }] = (await manager.query(
        `INSERT INTO pi_import_batches (owner_id, api_key_id, rows_processed, unmatched_clubs,
           unmatched_vessels, invalid_rows, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::text AS id`,
        [
          batch.ownerId,
          batch.apiKeyId,
          batch.rowsProcessed,
          batch.unmatchedClubs,
          batch.unmatchedVessels,
          JSON.stringify(batch.invalidRows),
          batch.at,
        ],
      )) as [{ id: string }];
      const written = (await manager.query(
        `INSERT INTO pi_coverage AS c (imo, club_id, cover_type, policy_year, inception, expiry,
           gt_entered, source, batch_id, created_at, updated_at)
         SELECT u.imo, u.club_id, u.cover_type, u.policy_year, u.inception, u.expiry, u.gt_entered,
           'import', $8::bigint, $9::timestamptz, $9::timestamptz
         FROM unnest($1::text[], $2::bigint[], $3::text[], $4::int[], $5::date[], $6::date[], $7::int[])
           AS u (imo, club_id, cover_type, policy_year, inception, expiry, gt_entered)
         ON CONFLICT (imo, club_id, policy_year, cover_type) DO UPDATE SET
           inception = excluded.inception, expiry = excluded.expiry, gt_entered = excluded.gt_entered,
           source = 'import', batch_id = excluded.batch_id, updated_at = excluded.updated_at,
           cancelled_on = CASE WHEN c.cancelled_on BETWEEN excluded.inception AND excluded.expiry
             THEN c.cancelled_on END
         RETURNING c.id`,
        [
          rows.map((r) => r.imo),
          rows.map((r) => r.clubId),
          rows.map((r) => r.coverType),
          rows.map((r) => r.policyYear),
          rows.map((r) => r.inception),
          rows.map((r) => r.expiry),
          rows.map((r) => r.gtEntered),
          batchId,
          batch.at,
        ],
      )) as unknown[];
      await manager.query('UPDATE pi_import_batches SET matched = $2 WHERE id = $1', [
        batchId,
        written.length,
      ]);
      return { batchId, written: written.length };
    });
  }
}
