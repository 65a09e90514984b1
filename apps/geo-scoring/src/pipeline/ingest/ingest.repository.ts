// The ingest_batches audit trail: one row per ingest request with its counts.
import { Inject, Injectable } from '@nestjs/common';
import { firstRow } from '@platform/database';
import type { SqlRunner } from '@platform/database';
import { DataSource } from 'typeorm';

export interface BatchCounts {
  received: number;
  inserted: number;
  updated: number;
  rejected: number;
}

@Injectable()
export class IngestRepository {
  constructor(@Inject(DataSource) private readonly db: SqlRunner) {}

  async startBatch(dataset: string, backfill: boolean, received: number): Promise<string> {
    const rows = await this.db.query<{ id: string }[]>(
      `INSERT INTO ingest_batches (dataset, backfill, received) VALUES ($1, $2, $3) RETURNING id`,
      [dataset, backfill, received],
    );
    return firstRow(rows).id;
  }

  async finishBatch(id: string, counts: BatchCounts): Promise<void> {
    await this.db.query(
      `UPDATE ingest_batches SET received = $2, inserted = $3, updated = $4, rejected = $5,
         finished_at = now()
       WHERE id = $1`,
      [id, counts.received, counts.inserted, counts.updated, counts.rejected],
    );
  }
}
