import { Inject, Injectable } from '@nestjs/common';
import { copyTextChunks } from '@platform/database';
import type { Client } from 'pg';
import { DataSource } from 'typeorm';

export type ForecastMethod = 'pipeline' | 'statistical' | 'ml';

export interface ForecastRow {
  portId: string;
  method: ForecastMethod;
  issuedOn: string;
  targetDate: string;
  horizonDays: number;
  predicted: number;
  lower80: number;
  upper80: number;
  modelVersion: string;
}

/** Rows per statement: unnest arrays of this size stay well inside one round trip. */
const CHUNK = 50_000;
/** Rows per COPY chunk. */
const COPY_ROWS = 10_000;
const COPY_COLUMNS = [
  'port_id',
  'method',
  'issued_on',
  'target_date',
  'horizon_days',
  'predicted',
  'lower_80',
  'upper_80',
  'model_version',
];

function* copyChunks(rows: readonly ForecastRow[]): Generator<string> {
  for (let start = 0; start < rows.length; start += COPY_ROWS) {
    let text = '';
    for (const r of rows.slice(start, start + COPY_ROWS))
      // Every value is a number, a day, a method or a version: nothing to escape.
      text += `${r.portId}\t${r.method}\t${r.issuedOn}\t${r.targetDate}\t${r.horizonDays}\t${r.predicted}\t${r.lower80}\t${r.upper80}\t${r.modelVersion}\n`;
    yield text;
  }
}

/** Writes issued forecasts; an issue run again replaces its rows (unique per port, method, issue, target). */
@Injectable()
export class ForecastsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /**
   * Replaces whole issue days in one transaction: their rows are deleted and the new ones
   * COPied in (the backfill; far faster than an upsert of 200,000 rows).
   */
  async replaceIssues(issueDays: readonly string[], rows: readonly ForecastRow[]): Promise<number> {
    const runner = this.db.createQueryRunner();
    // The PostgreSQL runner's connection is the pg client COPY needs.
    const client = (await runner.connect()) as Client;
    try {
      await runner.startTransaction();
      await runner.query('DELETE FROM forecasts WHERE issued_on = ANY($1::date[])', [issueDays]);
      const written = await copyTextChunks(client, 'forecasts', COPY_COLUMNS, copyChunks(rows));
      await runner.commitTransaction();
      return written;
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      throw error;
    } finally {
      await runner.release();
    }
  }

  async upsert(rows: readonly ForecastRow[]): Promise<number> {
    let written = 0;
    for (let start = 0; start < rows.length; start += CHUNK) {
      const chunk = rows.slice(start, start + CHUNK);
      await this.db.query(
        `INSERT INTO forecasts (port_id, method, metric, issued_on, target_date, horizon_days,
           predicted, lower_80, upper_80, model_version)
         SELECT p, m, 'arrivals', i, t, h, pr, lo, up, mv
         FROM unnest($1::bigint[], $2::text[], $3::date[], $4::date[], $5::smallint[],
           $6::numeric[], $7::numeric[], $8::numeric[], $9::text[]) AS u(p, m, i, t, h, pr, lo, up, mv)
         ON CONFLICT (port_id, method, issued_on, target_date) DO UPDATE SET
           horizon_days = excluded.horizon_days, predicted = excluded.predicted,
           lower_80 = excluded.lower_80, upper_80 = excluded.upper_80,
           model_version = excluded.model_version, created_at = now()`,
        [
          chunk.map((r) => r.portId),
          chunk.map((r) => r.method),
          chunk.map((r) => r.issuedOn),
          chunk.map((r) => r.targetDate),
          chunk.map((r) => r.horizonDays),
          chunk.map((r) => r.predicted),
          chunk.map((r) => r.lower80),
          chunk.map((r) => r.upper80),
          chunk.map((r) => r.modelVersion),
        ],
      );
      written += chunk.length;
    }
    return written;
  }
}
