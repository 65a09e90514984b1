import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface VesselFacts {
  imo_number: string;
  name: string;
  vessel_type: string;
  flag: string;
  owner_name: string | null;
  manager_name: string | null;
}

export interface EntityRow {
  exporter: string;
  importer: string;
  commodity: string;
  commodity_name: string;
  commodity_id: string;
  period: number;
  load_port: string;
  voyages: number;
}

export interface FlowRow {
  exporter: string;
  importer: string;
  commodity_id: string;
  period: number;
  exported_mt: string | null;
  imported_mt: string | null;
}

export interface SanctionsMatchRow {
  entry_id: string;
  sanctioned_entity: string;
  entity_type: string;
  list_source: string;
  list_name: string;
  program: string | null;
  match_type: string;
  matched_field: string;
  matched_value: string;
}

/** What a vessel's trade and identity cross-reference to. */
@Injectable()
export class ReconciliationRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async vessel(imo: string): Promise<VesselFacts | undefined> {
    const rows = (await this.db.query(
      `SELECT imo::text AS imo_number, name, vessel_type, flag, owner_name, manager_name
       FROM vessels WHERE imo = $1`,
      [imo],
    )) as VesselFacts[];
    return rows[0];
  }

  /**
   * The trades the vessel carried: its completed international voyages with a commodity, grouped
   * by exporter and importer country, commodity, arrival year (UTC) and load port; the same
   * rule that builds trade_flows.
   */
  async entities(imo: string): Promise<EntityRow[]> {
    return (await this.db.query(
      `SELECT op.country_name AS exporter, dp.country_name AS importer, c.slug AS commodity,
         c.name AS commodity_name, c.id::text AS commodity_id,
         extract(year FROM v.arrived_at AT TIME ZONE 'UTC')::int AS period, op.slug AS load_port,
         count(*)::int AS voyages
       FROM voyages v
       JOIN ports op ON op.id = v.origin_port_id
       JOIN ports dp ON dp.id = v.dest_port_id
       JOIN commodities c ON c.id = v.commodity_id
       WHERE v.imo = $1 AND v.status = 'completed' AND op.country_name <> dp.country_name
       GROUP BY 1, 2, 3, 4, 5, 6, 7
       ORDER BY period DESC, voyages DESC, exporter, importer, commodity, load_port`,
      [imo],
    )) as EntityRow[];
  }

  /** The trade_flows rows of the given (exporter, importer, commodity, year) keys. */
  async flows(keys: readonly Omit<FlowRow, 'exported_mt' | 'imported_mt'>[]): Promise<FlowRow[]> {
    if (keys.length === 0) return [];
    return (await this.db.query(
      `SELECT f.exporter, f.importer, f.commodity_id::text AS commodity_id, f.period::int AS period,
         f.exported_mt::text AS exported_mt, f.imported_mt::text AS imported_mt
       FROM trade_flows f
       JOIN unnest($1::text[], $2::text[], $3::bigint[], $4::int[]) AS k (exporter, importer, commodity_id, period)
         ON lower(f.exporter) = lower(k.exporter) AND lower(f.importer) = lower(k.importer)
         AND f.commodity_id = k.commodity_id AND f.period = k.period`,
      [
        keys.map((k) => k.exporter),
        keys.map((k) => k.importer),
        keys.map((k) => k.commodity_id),
        keys.map((k) => k.period),
      ],
    )) as FlowRow[];
  }

  async sanctionsMatches(imo: string): Promise<SanctionsMatchRow[]> {
    return (await this.db.query(
      `SELECT e.id::text AS entry_id, e.entity_name AS sanctioned_entity, e.entity_type,
         l.source AS list_source, l.name AS list_name, e.program, m.match_type, m.matched_field,
         m.matched_value
       FROM sanctions_matches m
       JOIN sanctions_entries e ON e.id = m.entry_id
       JOIN sanctions_lists l ON l.id = e.list_id
       WHERE m.imo = $1
       ORDER BY CASE m.match_type WHEN 'direct_imo' THEN 0 WHEN 'mmsi' THEN 1 ELSE 2 END, e.id`,
      [imo],
    )) as SanctionsMatchRow[];
  }
}
