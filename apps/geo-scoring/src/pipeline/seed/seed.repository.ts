// The seed's own SQL: emptiness check, reset, partitions, sequences, checksums. The rows
// themselves go in through COPY on the seed's own pg.Client (copy-writer.ts).
import { Inject, Injectable } from '@nestjs/common';
import { rowsOf, type SqlRunner } from '@platform/database';
import { DataSource } from 'typeorm';

/** Tables the seed writes directly, in load (foreign-key) order. */
export const SEEDED_TABLES = [
  'metros',
  'cells',
  'named_locations',
  'tracts',
  'cell_tracts',
  'commuter_flows',
  'ports',
  'port_volumes',
  'activity_events',
  'crime_incidents',
  'permits',
  'construction_detections',
  'business_licenses',
  'zba_decisions',
  'satellite_embeddings',
] as const;

/** Tables the post-load pipeline (the app's own code) fills from the seeded rows. */
export const DERIVED_TABLES = [
  'activity_daily_r5',
  'activity_daily_r8',
  'crime_daily_r5',
  'crime_daily_r8',
  'score_runs',
  'robustness_runs',
  'cell_scores',
  'cell_scores_r7',
  'score_snapshots',
  'score_snapshot_metro_daily',
  'spatial_diagnostics_runs',
  'spatial_diagnostics',
] as const;

/** Primary-key order of every checksummed relation (cell_population has a unique index). */
const ORDER_BY: Record<string, string> = {
  metros: 'slug',
  cells: 'h3_index',
  named_locations: 'id',
  tracts: 'geoid',
  cell_tracts: 'h3_index, geoid',
  commuter_flows: 'year, home_geoid, work_geoid',
  ports: 'slug',
  port_volumes: 'port_slug, month',
  activity_events: 'id, occurred_at',
  crime_incidents: 'id',
  permits: 'id',
  construction_detections: 'id',
  business_licenses: 'id',
  zba_decisions: 'id',
  satellite_embeddings: 'h3_index',
  cell_population: 'h3_index',
  activity_daily_r5: 'day, h3_r5',
  activity_daily_r8: 'metro_slug, day, h3_index',
  crime_daily_r5: 'day, h3_r5',
  crime_daily_r8: 'metro_slug, day, h3_index, category',
  score_runs: 'id',
  robustness_runs: 'id',
  cell_scores: 'h3_index',
  cell_scores_r7: 'h3_r7',
  score_snapshots: 'h3_index, profile, snapshot_date',
  score_snapshot_metro_daily: 'metro_slug, profile, snapshot_date',
  spatial_diagnostics_runs: 'id',
  spatial_diagnostics: 'run_id, h3_index',
};

const SERIAL_TABLES = [
  'named_locations',
  'activity_events',
  'crime_incidents',
  'business_licenses',
  'zba_decisions',
];

@Injectable()
export class SeedRepository {
  constructor(@Inject(DataSource) private readonly db: SqlRunner) {}

  /** Seeded tables that already hold rows. */
  async nonEmptyTables(): Promise<string[]> {
    const found: string[] = [];
    for (const table of SEEDED_TABLES) {
      const rows = await rowsOf<{ present: boolean }>(
        this.db,
        `SELECT EXISTS (SELECT 1 FROM ${table}) AS present`,
      );
      if (rows[0]?.present) found.push(table);
    }
    return found;
  }

  /** Empties every seeded and derived table (ids restart) and the population view. */
  async reset(): Promise<void> {
    await this.db.query(
      `TRUNCATE ${[...SEEDED_TABLES, ...DERIVED_TABLES].join(', ')} RESTART IDENTITY`,
    );
    await this.db.query('UPDATE metros SET current_diag_run_id = NULL');
    await this.db.query('REFRESH MATERIALIZED VIEW cell_population');
  }

  async ensureMonthPartitions(
    table: 'activity_events' | 'score_snapshots',
    months: readonly string[],
  ): Promise<void> {
    for (const month of months) {
      await this.db.query('SELECT geo_ensure_month_partition($1, $2::date)', [table, month]);
    }
  }

  /** Moves serial sequences past the explicit ids the seed wrote. */
  async syncSequences(): Promise<void> {
    for (const table of SERIAL_TABLES) {
      await this.db.query(
        `SELECT setval(pg_get_serial_sequence($1, 'id'), COALESCE((SELECT max(id) FROM ${table}), 0) + 1, false)`,
        [table],
      );
    }
  }

  async analyze(): Promise<void> {
    await this.db.query(`ANALYZE ${SEEDED_TABLES.join(', ')}`);
  }

  async rowCounts(): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of SEEDED_TABLES) {
      const rows = await rowsOf<{ n: string }>(this.db, `SELECT count(*) AS n FROM ${table}`);
      counts[table] = Number(rows[0]?.n ?? 0);
    }
    return counts;
  }

  /**
   * md5 per table over every row in primary-key order (per-row md5s concatenated, so the largest
   * table never builds a >1 GB string). Derived tables leave out wall-clock columns (timestamps
   * the app stamps with now()), which are the only values that differ between two seeds.
   */
  async checksums(): Promise<[string, string][]> {
    const result: [string, string][] = [];
    const tables = [...SEEDED_TABLES, 'cell_population', ...DERIVED_TABLES];
    for (const table of tables) {
      const derived = !(SEEDED_TABLES as readonly string[]).includes(table);
      const columns = await rowsOf<{ name: string }>(
        this.db,
        `SELECT attname AS name FROM pg_attribute
          WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped
            AND NOT ($2 AND atttypid = 'timestamptz'::regtype)
          ORDER BY attnum`,
        [table, derived],
      );
      const row = `ROW(${columns.map((c) => `t.${quote(c.name)}`).join(', ')})::text`;
      const rows = await rowsOf<{ md5: string; n: string }>(
        this.db,
        `SELECT md5(COALESCE(string_agg(md5(${row}), '' ORDER BY ${ORDER_BY[table]}), '')) AS md5, count(*) AS n
           FROM ${table} t`,
      );
      result.push([table, `${rows[0].md5} ${rows[0].n}`]);
    }
    return result;
  }
}

function quote(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}
