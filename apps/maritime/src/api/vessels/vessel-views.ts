import type {
  PortCallRow,
  PositionRow,
  VesselDetailRow,
  VesselRow,
  VoyageRow,
} from './vessels.repository';

/** How vessels, positions, voyages and port calls appear in responses (snake_case, ISO times). */
export function vesselSummary(row: VesselRow): Record<string, unknown> {
  return {
    imo_number: row.imo,
    mmsi: row.mmsi,
    name: row.name,
    vessel_type: row.vessel_type,
    flag: row.flag,
    build_year: row.build_year,
    dwt: row.dwt,
    gt: row.gt,
    risk_score: row.risk_score === null ? null : Number(row.risk_score),
    risk_tier: row.risk_tier,
  };
}

export function vesselDetail(
  row: VesselDetailRow,
  latest: PositionRow | undefined,
): Record<string, unknown> {
  return {
    ...vesselSummary(row),
    flag_name: row.flag_name,
    flag_category: row.flag_category,
    length_m: row.length_m,
    beam_m: row.beam_m,
    design_draft_m: row.design_draft_m,
    design_speed_kn: row.design_speed_kn,
    fuel_type: row.fuel_type,
    owner_name: row.owner_name,
    manager_name: row.manager_name,
    last_position: latest
      ? {
          timestamp: latest.ts.toISOString(),
          latitude: latest.lat,
          longitude: latest.lon,
          source: latest.source,
        }
      : null,
  };
}

export function positionView(row: PositionRow): Record<string, unknown> {
  return {
    timestamp: row.ts.toISOString(),
    latitude: row.lat,
    longitude: row.lon,
    h3_index: row.h3_r8,
    speed_knots: row.sog_kn,
    course_deg: row.cog_deg,
    heading_deg: row.heading,
    nav_status: row.nav_status,
    draft_m: row.draft_m,
    source: row.source,
  };
}

export function voyageView(row: VoyageRow): Record<string, unknown> {
  return {
    id: Number(row.id),
    origin_port: row.origin,
    destination_port: row.destination,
    declared_destination: row.declared_destination,
    departed_at: row.departed_at.toISOString(),
    arrived_at: row.arrived_at?.toISOString() ?? null,
    status: row.status,
    distance_nm: row.distance_nm === null ? null : round(row.distance_nm, 1),
    hours_at_sea: row.hours_at_sea === null ? null : round(row.hours_at_sea, 1),
    laden: row.laden,
    commodity: row.commodity,
    cargo_t: row.cargo_t === null ? null : Math.round(row.cargo_t),
    draft_departure_m: row.draft_departure_m,
    draft_arrival_m: row.draft_arrival_m,
    chokepoints: row.chokepoints,
  };
}

export function portCallView(
  row: PortCallRow & { imo: string; vessel_name: string },
): Record<string, unknown> {
  return {
    id: Number(row.id),
    imo_number: row.imo,
    vessel_name: row.vessel_name,
    port: row.port,
    port_name: row.port_name,
    voyage_id: row.voyage_id === null ? null : Number(row.voyage_id),
    arrived_at: row.arrived_at.toISOString(),
    berthed_at: row.berthed_at?.toISOString() ?? null,
    departed_at: row.departed_at?.toISOString() ?? null,
    wait_hours:
      row.berthed_at === null
        ? null
        : round((row.berthed_at.getTime() - row.arrived_at.getTime()) / 3_600_000, 1),
    draft_arrival_m: row.draft_arrival_m,
    draft_departure_m: row.draft_departure_m,
    cargo_loaded_t: row.cargo_loaded_t === null ? null : Math.round(row.cargo_loaded_t),
    cargo_discharged_t: row.cargo_discharged_t === null ? null : Math.round(row.cargo_discharged_t),
  };
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
