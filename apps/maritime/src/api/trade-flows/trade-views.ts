import { mirrorDiscrepancy } from '@platform/maritime-domain';
import type { EntityRow, MatchRow } from './trade-exposure.repository';
import type { FlowRow } from './trade-flows.repository';

const num = (value: string | null): number | null => (value === null ? null : Number(value));

export function flowView(row: FlowRow): Record<string, unknown> {
  return {
    id: Number(row.id),
    exporter_name: row.exporter,
    importer_name: row.importer,
    commodity: row.commodity,
    commodity_name: row.commodity_name,
    period: row.period,
    exported_mt: num(row.exported_mt),
    imported_mt: num(row.imported_mt),
    value_usd: num(row.value_usd),
  };
}

/** The two declarations and what they imply; pct and status recompute from the two numbers. */
export function discrepancyView(row: FlowRow): Record<string, unknown> {
  const exported = num(row.exported_mt);
  const imported = num(row.imported_mt);
  return {
    id: Number(row.id),
    exporter_name: row.exporter,
    importer_name: row.importer,
    commodity: row.commodity,
    commodity_name: row.commodity_name,
    period: row.period,
    exported_mt: exported,
    imported_mt: imported,
    ...mirrorDiscrepancy(exported, imported),
  };
}

export function matchView(row: MatchRow): Record<string, unknown> {
  return {
    imo_number: row.imo,
    vessel_name: row.vessel_name,
    flag: row.flag,
    sanctioned_entity: row.entity_name,
    entity_type: row.entity_type,
    program: row.program,
    list_source: row.list_source,
    list_name: row.list_name,
    entry_id: Number(row.entry_id),
    match_type: row.match_type,
    matched_field: row.matched_field,
    matched_value: row.matched_value,
    first_matched_at: row.first_matched_at.toISOString(),
    screened_at: row.computed_at.toISOString(),
  };
}

export function entityView(row: EntityRow): Record<string, unknown> {
  return {
    imo_number: row.imo,
    vessel_name: row.vessel_name,
    vessel_type: row.vessel_type,
    flag: row.flag,
    owner_name: row.owner_name,
    manager_name: row.manager_name,
    port: row.port,
    port_name: row.port_name,
    voyages: row.voyages,
    cargo_t: row.cargo_t === null ? 0 : Math.round(row.cargo_t),
    commodities: row.commodities ?? [],
    last_arrived_at: row.last_arrived_at?.toISOString() ?? null,
    is_sanctioned: row.match_types !== null,
    sanctions_match_types: row.match_types ?? [],
    dark_event_count: row.dark_event_count,
    risk_score: num(row.risk_score),
    risk_tier: row.risk_tier,
    tier_override: row.tier_override,
  };
}
