import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager, QueryRunner } from 'typeorm';
import type { PositionColumns } from './position-columns';

export interface KnownVessel {
  imo: string;
  mmsi: string;
  name: string;
}

export interface UnmatchedInsert {
  mmsi: string;
  ts: Date;
  lat: number;
  lon: number;
  sog: number | null;
  cog: number | null;
  heading: number | null;
  navStatus: number | null;
  source: 'terrestrial' | 'satellite';
}

export interface BatchCounts {
  receivedAt: Date;
  lines: number;
  decoded: number;
  rejected: number;
  positionsInserted: number;
  staticUpdates: number;
  unmatchedMmsi: number;
  rejectReasons: Record<string, number>;
}

const UNMATCHED_CHUNK = 5000;

/** SQL of AIS ingest: vessels by MMSI, day partitions, positions, unmatched rows, batches. */
@Injectable()
export class AisIngestRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async vesselsByMmsi(mmsis: readonly string[]): Promise<Map<string, KnownVessel>> {
    if (mmsis.length === 0) return new Map();
    const rows = (await this.db.query(
      'SELECT imo, mmsi, name FROM vessels WHERE mmsi = ANY ($1::text[])',
      [mmsis],
    )) as KnownVessel[];
    return new Map(rows.map((row) => [row.mmsi, row]));
  }

  async vesselsByImo(
    imos: readonly string[],
  ): Promise<Map<string, KnownVessel & { flag: string | null }>> {
    if (imos.length === 0) return new Map();
    const rows = (await this.db.query(
      'SELECT imo, mmsi, name, flag FROM vessels WHERE imo = ANY ($1::text[])',
      [imos],
    )) as (KnownVessel & { flag: string | null })[];
    return new Map(rows.map((row) => [row.imo, row]));
  }

  /** Each day's partition, created in its own short transaction before any insert into it. */
  async ensureDayPartitions(days: readonly string[]): Promise<void> {
    for (const day of days) await this.db.query('SELECT mar_ensure_day_partition($1::date)', [day]);
  }

  async insertBatch(counts: BatchCounts, manager: EntityManager): Promise<string> {
    const rows = (await manager.query(
      `INSERT INTO ais_ingest_batches (received_at, lines, decoded, rejected, positions_inserted,
         static_updates, unmatched_mmsi, reject_reasons)
       VALUES ($1, $2, $3, $4, 0, 0, 0, $5) RETURNING id::text AS id`,
      [
        counts.receivedAt,
        counts.lines,
        counts.decoded,
        counts.rejected,
        JSON.stringify(counts.rejectReasons),
      ],
    )) as { id: string }[];
    return (rows[0] as { id: string }).id;
  }

  async finishBatch(id: string, counts: BatchCounts, manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE ais_ingest_batches SET lines = $2, decoded = $3, rejected = $4, positions_inserted = $5,
         static_updates = $6, unmatched_mmsi = $7, reject_reasons = $8
       WHERE id = $1::bigint`,
      [
        id,
        counts.lines,
        counts.decoded,
        counts.rejected,
        counts.positionsInserted,
        counts.staticUpdates,
        counts.unmatchedMmsi,
        JSON.stringify(counts.rejectReasons),
      ],
    );
  }

  /**
   * Inserts positions in one statement; a repeat of (imo, ts, source) is ignored. Resolves to
   * how many were new. Not awaited by the caller until the next chunk is decoded, so the
   * database writes one chunk while Node decodes the next.
   */
  async insertPositions(
    columns: PositionColumns,
    batchId: string,
    runner: QueryRunner,
  ): Promise<number> {
    if (columns.length === 0) return 0;
    const result = (await runner.query(
      `INSERT INTO ais_positions (imo, mmsi, ts, lat, lon, h3_r8, sog_kn, cog_deg, heading,
         nav_status, draft_m, source, batch_id)
       SELECT imo, mmsi, to_timestamp(ms / 1000.0), lat, lon, h3, sog, cog, heading, nav, draft,
         source, $13::bigint
       FROM unnest($1::text[], $2::text[], $3::float8[], $4::float8[], $5::float8[], $6::text[],
         $7::real[], $8::real[], $9::smallint[], $10::smallint[], $11::real[], $12::text[])
         AS p (imo, mmsi, ms, lat, lon, h3, sog, cog, heading, nav, draft, source)
       ON CONFLICT DO NOTHING`,
      [
        columns.imo,
        columns.mmsi,
        columns.epochMs,
        columns.lat,
        columns.lon,
        columns.h3,
        columns.sog,
        columns.cog,
        columns.heading,
        columns.navStatus,
        columns.draft,
        columns.source,
        batchId,
      ],
      true,
    )) as { affected?: number | null };
    return result.affected ?? 0;
  }

  async insertUnmatched(
    rows: readonly UnmatchedInsert[],
    batchId: string,
    manager: EntityManager,
  ): Promise<void> {
    for (let i = 0; i < rows.length; i += UNMATCHED_CHUNK) {
      const chunk = rows.slice(i, i + UNMATCHED_CHUNK);
      await manager.query(
        `INSERT INTO ais_unmatched (batch_id, mmsi, ts, lat, lon, sog_kn, cog_deg, heading, nav_status, source)
         SELECT $1::bigint, * FROM unnest($2::text[], $3::timestamptz[], $4::float8[], $5::float8[],
           $6::real[], $7::real[], $8::smallint[], $9::smallint[], $10::text[])`,
        [
          batchId,
          chunk.map((r) => r.mmsi),
          chunk.map((r) => r.ts),
          chunk.map((r) => r.lat),
          chunk.map((r) => r.lon),
          chunk.map((r) => r.sog),
          chunk.map((r) => r.cog),
          chunk.map((r) => r.heading),
          chunk.map((r) => r.navStatus),
          chunk.map((r) => r.source),
        ],
      );
    }
  }
}
