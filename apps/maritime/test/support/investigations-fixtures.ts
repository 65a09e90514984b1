import { latLngToCell } from 'h3-js';
import type { DataSource } from 'typeorm';
import { insertReference, insertVessels, testImo } from './fixtures';

/**
 * A hand-built investigation world around one tanker, every event placed relative to `now`:
 *
 * - dark_sts: dark event D1 (started 10 d ago, 30 h, in the Gulf of Oman) with an STS transfer
 *   9 d ago alongside PARTNER.
 * - gap_in_risk_zone: dark event D2 (45 d ago, 20 h, in the zone), no STS near it.
 * - loiter_then_dark: dark event D3 (80 d ago, open sea) 10 h after loitering ended.
 * - identity_shift: an identity_clone spoofing alert 120 d ago.
 * - single_port_entry: a port entry at Rotterdam 170 d ago (the name change 125 d ago is 45 d off).
 * - Evidence near D1: a PSC inspection at Rotterdam 12 d ago, a route deception 15 d ago, a draft
 *   anomaly 11 d ago, an impossible-speed spoofing alert 8 d ago with its two AIS fixes and a
 *   clone fix of the same MMSI 5 minutes later under OTHER.
 * - Voyages from Singapore (SG) to Rotterdam (NL): the tanker's V1 (crude, departure draft 10 m)
 *   and two other tankers' (crude and refined products); with the deception voyage (crude, no
 *   draft) crude is 3 of 4 tanker loads there.
 * - Trade flows SG→NL crude in V1's arrival year: exported 100, imported 75 (25 %, significant).
 * - Sanctions: a name match for the tanker, a direct IMO match for PARTNER.
 */
export const TANKER = testImo(51);
export const PARTNER = testImo(52);
export const OTHER = testImo(53);
export const TANKER_MMSI = '351000051';

export interface InvestigationWorld {
  ports: Record<string, string>;
  darkEvents: { d1: string; d2: string; d3: string };
  stsId: string;
  loiterId: string;
  cloneId: string;
  portEntryId: string;
  spoofingId: string;
  voyageId: string;
  deceptionId: string;
  draftAnomalyId: string;
  pscId: string;
  identityId: string;
  platformOtherId: string;
  fixes: {
    from: { ts: string; lat: number; lon: number };
    to: { ts: string; lat: number; lon: number };
  };
}

const DAY = 86_400_000;
const HOUR = 3_600_000;

async function one(db: DataSource, sql: string, params: unknown[]): Promise<string> {
  const rows = (await db.query(`${sql} RETURNING id::text AS id`, params)) as { id: string }[];
  return rows[0]!.id;
}

export async function buildInvestigationWorld(
  db: DataSource,
  now: Date,
): Promise<InvestigationWorld> {
  const { ports } = await insertReference(db);
  const at = (ms: number): string => new Date(now.getTime() - ms).toISOString();
  await insertVessels(db, [
    { imo: TANKER, mmsi: TANKER_MMSI, name: 'NIGHT HERON', vessel_type: 'tanker' },
    { imo: PARTNER, mmsi: '351000052', name: 'GREY GULL', vessel_type: 'tanker' },
    { imo: OTHER, mmsi: '351000053', name: 'CLEAN TERN', vessel_type: 'tanker' },
  ]);
  const zone = (
    (await db.query(`SELECT id FROM risk_zones WHERE slug = 'gulf-of-oman'`)) as {
      id: string;
    }[]
  )[0]!.id;
  const dark = (
    start: number,
    hours: number,
    zoneId: string | null,
    lat: number,
    lon: number,
    sev: string,
  ) =>
    one(
      db,
      `INSERT INTO dark_events (imo, started_at, ended_at, start_lat, start_lon, zone_id, severity, confidence, occurred_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 0.9, $8)`,
      [TANKER, at(start), at(start - hours * HOUR), lat, lon, zoneId, sev, at(start - 6 * HOUR)],
    );
  const d1 = await dark(10 * DAY, 30, zone, 25, 57, 'critical');
  const d2 = await dark(45 * DAY, 20, zone, 25.2, 57.1, 'critical');
  const d3 = await dark(80 * DAY, 14, null, -30, -20, 'warning');
  const stsId = await one(
    db,
    `INSERT INTO sts_events (imo_a, imo_b, started_at, ended_at, lat, lon, zone_id, severity, confidence, occurred_at)
     VALUES ($1, $2, $3, $4, 25.1, 57.2, $5, 'warning', 0.8, $3)`,
    [...[TANKER, PARTNER].sort(), at(9 * DAY), at(9 * DAY - 8 * HOUR), zone],
  );
  const loiterId = await one(
    db,
    `INSERT INTO locus_alerts (imo, kind, started_at, ended_at, hours, lat, lon, severity, confidence, occurred_at)
     VALUES ($1, 'loitering', $2, $3, 20, -30, -20.5, 'warning', 0.7, $3)`,
    [TANKER, at(80 * DAY + 30 * HOUR), at(80 * DAY + 10 * HOUR)],
  );
  const cloneId = await one(
    db,
    `INSERT INTO spoofing_alerts (imo, mmsi, kind, lat, lon, severity, confidence, occurred_at)
     VALUES ($1, $2, 'identity_clone', 10, 10, 'critical', 0.9, $3)`,
    [TANKER, TANKER_MMSI, at(120 * DAY)],
  );
  const portEntryId = await one(
    db,
    `INSERT INTO locus_alerts (imo, kind, port_id, started_at, lat, lon, severity, confidence, occurred_at)
     VALUES ($1, 'port_entry', $2, $3, 51.95, 4.05, 'info', 1, $3)`,
    [TANKER, ports['rotterdam'], at(170 * DAY)],
  );
  const identityId = await one(
    db,
    `INSERT INTO vessel_identity_history (imo, field, old_value, new_value, changed_at, source)
     VALUES ($1, 'name', 'DAWN HERON', 'NIGHT HERON', $2, 'seed')`,
    [TANKER, at(125 * DAY)],
  );
  const pscId = await one(
    db,
    `INSERT INTO psc_inspections (imo, port_id, inspected_at, regime, deficiencies, detained, severity, confidence, occurred_at)
     VALUES ($1, $2, $3, 'paris_mou', 4, true, 'warning', 1, $3)`,
    [TANKER, ports['rotterdam'], at(12 * DAY)],
  );
  const draftAnomalyId = await one(
    db,
    `INSERT INTO draft_anomalies (imo, draft_before_m, draft_after_m, lat, lon, severity, confidence, occurred_at)
     VALUES ($1, 8, 10.5, 5, 70, 'warning', 0.7, $2)`,
    [TANKER, at(11 * DAY)],
  );
  // The impossible-speed pair: 2 degrees of longitude on the equator in one hour.
  const fixes = {
    from: { ts: at(8 * DAY + HOUR), lat: 1, lon: 104 },
    to: { ts: at(8 * DAY), lat: 1, lon: 106 },
  };
  const position = (imo: string, ts: string, lat: number, lon: number) =>
    db.query(
      `INSERT INTO ais_positions (imo, mmsi, ts, lat, lon, h3_r8, source) VALUES ($1, $2, $3, $4, $5, $6, 'satellite')`,
      [imo, TANKER_MMSI, ts, lat, lon, latLngToCell(lat, lon, 8)],
    );
  await position(TANKER, fixes.from.ts, fixes.from.lat, fixes.from.lon);
  await position(TANKER, fixes.to.ts, fixes.to.lat, fixes.to.lon);
  await position(OTHER, at(8 * DAY - 5 * 60_000), 20, 60);
  const spoofingId = await one(
    db,
    `INSERT INTO spoofing_alerts (imo, mmsi, kind, implied_speed_kn, distance_nm, lat, lon, severity, confidence, occurred_at)
     VALUES ($1, $2, 'impossible_speed', 120, 120, 1, 106, 'warning', 0.8, $3)`,
    [TANKER, TANKER_MMSI, fixes.to.ts],
  );
  const [crude, refined] = [
    await one(db, `INSERT INTO commodities (slug, name) VALUES ('crude_oil', 'Crude oil')`, []),
    await one(
      db,
      `INSERT INTO commodities (slug, name) VALUES ('refined_products', 'Refined products')`,
      [],
    ),
  ];
  const voyage = (
    imo: string,
    commodity: string,
    departed: number,
    arrived: number,
    draft: number | null,
  ) =>
    one(
      db,
      `INSERT INTO voyages (imo, origin_port_id, dest_port_id, departed_at, arrived_at, status, laden,
         commodity_id, cargo_t, draft_departure_m, draft_arrival_m)
       VALUES ($1, $2, $3, $4, $5, 'completed', true, $6, 30000, $7, 9.8)`,
      [imo, ports['singapore'], ports['rotterdam'], at(departed), at(arrived), commodity, draft],
    );
  const voyageId = await voyage(TANKER, crude, 40 * DAY, 20 * DAY, 10);
  await voyage(PARTNER, refined, 60 * DAY, 41 * DAY, 11);
  await voyage(OTHER, crude, 70 * DAY, 50 * DAY, 11.5);
  const year = new Date(at(20 * DAY)).getUTCFullYear();
  await db.query(
    `INSERT INTO trade_flows (exporter, importer, commodity_id, period, exported_mt, imported_mt)
     VALUES ('SG', 'NL', $1, $2, 100, 75)`,
    [crude, year],
  );
  const deceptionVoyage = await voyage(TANKER, crude, 18 * DAY, 15 * DAY, null);
  const deceptionId = await one(
    db,
    `INSERT INTO route_deceptions (voyage_id, imo, declared_destination, declared_port_id, actual_port_id,
       deviation_nm, severity, confidence, occurred_at)
     VALUES ($1, $2, 'SINGAPORE', $3, $4, 5600, 'warning', 0.9, $5)`,
    [deceptionVoyage, TANKER, ports['singapore'], ports['rotterdam'], at(15 * DAY)],
  );
  const list = await one(
    db,
    `INSERT INTO sanctions_lists (source, name, published_at) VALUES ('ofac_sdn', 'SDN', $1)`,
    [at(30 * DAY)],
  );
  const entry = (name: string, imo: string | null) =>
    one(
      db,
      `INSERT INTO sanctions_entries (list_id, entity_name, entity_type, imo, vessel_name, name_norm)
       VALUES ($1, $2, 'vessel', $3, $2, $2)`,
      [list, name, imo],
    );
  await db.query(
    `INSERT INTO sanctions_matches (imo, entry_id, match_type, matched_field, matched_value)
     VALUES ($1, $2, 'name', 'vessel_name', 'NIGHT HERON'), ($3::text, $4, 'direct_imo', 'imo', $3::text)`,
    [TANKER, await entry('NIGHT HERON', null), PARTNER, await entry('GREY GULL', PARTNER)],
  );
  const platformOtherId = await one(
    db,
    `INSERT INTO platform_alerts (type, product, imo, title, description, severity, confidence, occurred_at, dedupe_key)
     VALUES ('sanctions_match', 'maritime', $1, 'match', 'x', 'warning', 0.6, $2, 'inv:other')`,
    [OTHER, at(3 * DAY)],
  );
  return {
    ports,
    darkEvents: { d1, d2, d3 },
    stsId,
    loiterId,
    cloneId,
    portEntryId,
    spoofingId,
    voyageId,
    deceptionId,
    draftAnomalyId,
    pscId,
    identityId,
    platformOtherId,
    fixes,
  };
}
