import { Inject, Injectable } from '@nestjs/common';
import { TABLES, TABLES_WITH_SERIAL_ID, type TableName } from '@platform/maritime-domain';
import { DataSource } from 'typeorm';

/** Tables the seed's post-load steps fill (derived from the generated rows, by the app's code). */
export const DERIVED_TABLES = [
  'sanctions_matches',
  'vessel_risk_scores',
  'voyage_emissions',
  'voyage_earnings',
  'destination_models',
  'destination_model_counts',
  'destination_reliability',
  'forecasts',
  'congestion_snapshots',
] as const;

/** What a seeded database holds besides the generated tables: cleared by --reset. */
const ALSO_CLEARED = [
  ...DERIVED_TABLES,
  'job_runs',
  'ais_ingest_batches',
  'ais_unmatched',
  'density_refreshes',
];

/** Row order of each checksummed table: its key. */
const ORDER_BY: Partial<Record<string, string>> = {
  flag_states: 'iso2',
  vessels: 'imo',
  ais_positions: 'imo, ts, source',
  river_levels: 'gauge_id, day',
  bunker_prices: 'day, fuel_type',
  insurance_claims: 'imo, policy_year',
  ndvi_observations: 'region_id, observed_on',
  sanctions_matches: 'imo, entry_id',
  vessel_risk_scores: 'imo',
  voyage_emissions: 'voyage_id',
  voyage_earnings: 'voyage_id',
  destination_models: 'version',
  destination_model_counts: 'version, res, cell, laden, dest_port_id',
  destination_reliability: 'imo',
  forecasts: 'port_id, method, issued_on, target_date',
  congestion_snapshots: 'port_id, taken_at',
};

/** Derived tables' columns that belong to the data set (timestamps of the run excluded). */
const DERIVED_COLUMNS: Record<(typeof DERIVED_TABLES)[number], readonly string[]> = {
  sanctions_matches: ['imo', 'entry_id', 'match_type', 'matched_field', 'matched_value'],
  vessel_risk_scores: ['imo', 'score', 'tier', 'tier_override', 'factors', 'computed_at'],
  voyage_emissions: ['voyage_id', 'fuel_t', 'co2_t', 'transport_work_tnm', 'aer_g_per_dwt_nm'],
  voyage_earnings: [
    'voyage_id',
    'freight_rate_usd_t',
    'revenue_usd',
    'port_costs_usd',
    'tce_usd_day',
  ],
  destination_models: [
    'version',
    'trained_at',
    'voyages_train',
    'voyages_holdout',
    'top1_acc',
    'top3_acc',
    'active',
  ],
  destination_model_counts: ['version', 'res', 'cell', 'laden', 'dest_port_id', 'n'],
  destination_reliability: [
    'imo',
    'voyages_365d',
    'matched',
    'reliability_pct',
    'tier',
    'computed_at',
  ],
  congestion_snapshots: ['port_id', 'taken_at', 'vessels_waiting', 'congestion_index', 'level'],
  forecasts: [
    'port_id',
    'method',
    'issued_on',
    'target_date',
    'predicted',
    'lower_80',
    'upper_80',
    'model_version',
  ],
};

/** The seed's own SQL: emptiness, reset, sequences, views and checksums. */
@Injectable()
export class SeedRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async hasVessels(): Promise<boolean> {
    const rows = (await this.db.query('SELECT EXISTS (SELECT 1 FROM vessels) AS any')) as {
      any: boolean;
    }[];
    return rows[0]?.any ?? false;
  }

  async databaseName(): Promise<string> {
    const rows = (await this.db.query('SELECT current_database() AS name')) as { name: string }[];
    return rows[0]?.name ?? '';
  }

  /** Empties every seeded and derived table (and the AIS partitions with them). */
  async reset(): Promise<void> {
    const tables = [...(Object.keys(TABLES) as TableName[]), ...ALSO_CLEARED];
    await this.db.query(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`);
  }

  async ensureDayPartitions(days: readonly string[]): Promise<void> {
    for (const day of days) await this.db.query('SELECT mar_ensure_day_partition($1::date)', [day]);
  }

  /** Moves each bigserial sequence past the explicit ids the generator wrote. */
  async resetSequences(): Promise<void> {
    for (const table of TABLES_WITH_SERIAL_ID)
      await this.db.query(
        `SELECT setval(pg_get_serial_sequence($1, 'id'), coalesce((SELECT max(id) FROM ${table}), 0) + 1, false)`,
        [table],
      );
    // Seeded alerts are history: the alert-evaluate job starts after them, so a reseed of a
    // database that keeps its rules and channels notifies nobody about the past.
    await this.db.query(
      `UPDATE alert_evaluation_watermarks w SET last_id = m.max_id, updated_at = now()
       FROM (SELECT 'platform' AS source, coalesce(max(id), 0) AS max_id FROM platform_alerts
             UNION ALL SELECT 'dark_event', coalesce(max(id), 0) FROM dark_events
             UNION ALL SELECT 'spoofing_alert', coalesce(max(id), 0) FROM spoofing_alerts
             UNION ALL SELECT 'locus_alert', coalesce(max(id), 0) FROM locus_alerts) m
       WHERE w.source = m.source`,
    );
  }

  /** Views over the movement: density as of now (its window is relative), route flows. */
  async refreshViews(): Promise<void> {
    await this.db.query('REFRESH MATERIALIZED VIEW density_daily');
    await this.db.query('REFRESH MATERIALIZED VIEW route_flows_monthly');
  }

  async analyze(): Promise<void> {
    await this.db.query('ANALYZE');
  }

  /** `<table> <md5>` per table, over the data set's columns in key order. */
  async checksums(): Promise<string[]> {
    const lines: string[] = [];
    const sets: [string, readonly string[]][] = [
      ...(Object.entries(TABLES) as [string, readonly string[]][]),
      ...(Object.entries(DERIVED_COLUMNS) as [string, readonly string[]][]),
    ];
    for (const [table, columns] of sets) {
      const order = ORDER_BY[table] ?? columns[0];
      const rows = (await this.db.query(
        `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY ${order}), '')) AS sum
         FROM (SELECT ${columns.join(', ')} FROM ${table}) t`,
      )) as { n: number; sum: string }[];
      lines.push(`${table} ${rows[0]?.n ?? 0} ${rows[0]?.sum ?? ''}`);
    }
    return lines;
  }
}
