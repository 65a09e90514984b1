import type { DataSource } from 'typeorm';

/** Days before `now` as an ISO instant. */
export function daysAgo(now: Date, days: number): string {
  return new Date(now.getTime() - days * 86_400_000).toISOString();
}

/**
 * Gives `imo` one or more facts behind every risk factor, relative to `now`:
 * two dark events in 90 days (50 h, one in a zone), one PSC detention and one critical platform
 * alert 100 days old, a vessel-name sanctions match, one STS transfer in a sanctions area, one
 * draft anomaly, 36 h of loitering, a name and an MMSI change, one spoofing alert and one route
 * deception; no P&I cover ever.
 */
export async function giveEveryRiskFact(
  db: DataSource,
  imo: string,
  partner: string,
  ports: Record<string, string>,
  now: Date,
): Promise<void> {
  const zone = (
    (await db.query(`SELECT id FROM risk_zones WHERE slug = 'gulf-of-oman'`)) as { id: string }[]
  )[0]!.id;
  const at = (days: number): string => daysAgo(now, days);
  await db.query(
    `INSERT INTO dark_events (imo, started_at, ended_at, start_lat, start_lon, zone_id, severity, confidence, occurred_at)
     VALUES ($1, $2, $3, 25, 57, $4, 'critical', 0.9, $5), ($1, $6, $7, 10, 60, NULL, 'warning', 0.8, $8)`,
    [
      imo,
      at(10),
      daysAgo(now, 10 - 30 / 24),
      zone,
      at(9.9),
      at(20),
      daysAgo(now, 20 - 20 / 24),
      at(19.9),
    ],
  );
  await db.query(
    `INSERT INTO psc_inspections (imo, port_id, inspected_at, regime, deficiencies, detained, severity, confidence, occurred_at)
     VALUES ($1, $2, $3, 'paris_mou', 7, true, 'warning', 1, $3)`,
    [imo, ports['rotterdam'], at(400)],
  );
  await db.query(
    `INSERT INTO platform_alerts (type, product, imo, title, description, severity, confidence, occurred_at, dedupe_key)
     VALUES ('dark_fleet', 'maritime', $1, 'old alert', 'x', 'critical', 0.8, $2, $3)`,
    [imo, at(100), `test:${imo}`],
  );
  const [list] = (await db.query(
    `INSERT INTO sanctions_lists (source, name, published_at) VALUES ('ofac_sdn', 'SDN', $1) RETURNING id`,
    [at(30)],
  )) as { id: string }[];
  const [entry] = (await db.query(
    `INSERT INTO sanctions_entries (list_id, entity_name, entity_type, vessel_name, name_norm)
     VALUES ($1, 'OCEAN SHADOW', 'vessel', 'OCEAN SHADOW', 'OCEAN SHADOW') RETURNING id`,
    [list!.id],
  )) as { id: string }[];
  await db.query(
    `INSERT INTO sanctions_matches (imo, entry_id, match_type, matched_field, matched_value)
     VALUES ($1, $2, 'name', 'vessel_name', 'OCEAN SHADOW')`,
    [imo, entry!.id],
  );
  const [a, b] = [imo, partner].sort();
  await db.query(
    `INSERT INTO sts_events (imo_a, imo_b, started_at, ended_at, lat, lon, zone_id, severity, confidence, occurred_at)
     VALUES ($1, $2, $3, $4, 25.1, 57.2, $5, 'warning', 0.8, $3)`,
    [a, b, at(30), daysAgo(now, 29.5), zone],
  );
  await db.query(
    `INSERT INTO draft_anomalies (imo, draft_before_m, draft_after_m, lat, lon, severity, confidence, occurred_at)
     VALUES ($1, 8, 11.5, 5, 70, 'warning', 0.7, $2)`,
    [imo, at(40)],
  );
  await db.query(
    `INSERT INTO locus_alerts (imo, kind, started_at, ended_at, hours, severity, confidence, occurred_at)
     VALUES ($1, 'loitering', $2, $3, 36, 'warning', 0.7, $3)`,
    [imo, at(50), daysAgo(now, 48.5)],
  );
  await db.query(
    `INSERT INTO vessel_identity_history (imo, field, old_value, new_value, changed_at, source) VALUES
       ($1, 'name', 'OLD NAME', 'OCEAN SHADOW', $2, 'seed'), ($1, 'mmsi', '351000998', '351000999', $3, 'seed')`,
    [imo, at(200), at(300)],
  );
  await db.query(
    `INSERT INTO spoofing_alerts (imo, mmsi, kind, implied_speed_kn, distance_nm, severity, confidence, occurred_at)
     VALUES ($1, '351000999', 'impossible_speed', 80, 40, 'warning', 0.8, $2)`,
    [imo, at(60)],
  );
  const [voyage] = (await db.query(
    `INSERT INTO voyages (imo, origin_port_id, dest_port_id, declared_destination, declared_port_id,
       departed_at, arrived_at, status)
     VALUES ($1, $2, $3, 'ROTTERDAM', $2, $4, $5, 'completed') RETURNING id`,
    [imo, ports['rotterdam'], ports['singapore'], at(90), at(60)],
  )) as { id: string }[];
  await db.query(
    `INSERT INTO route_deceptions (voyage_id, imo, declared_destination, declared_port_id, actual_port_id,
       deviation_nm, severity, confidence, occurred_at)
     VALUES ($1, $2, 'ROTTERDAM', $3, $4, 5600, 'warning', 0.9, $5)`,
    [voyage!.id, imo, ports['rotterdam'], ports['singapore'], at(60)],
  );
}

/** An International Group club and an active policy for `imo` covering `now`. */
export async function giveIgCover(db: DataSource, imo: string, now: Date): Promise<void> {
  const [club] = (await db.query(
    `INSERT INTO pi_clubs (slug, name, ig_member, type, risk_tier) VALUES ('gard', 'Gard', true, 'mutual', 'low')
     ON CONFLICT (slug) DO UPDATE SET name = excluded.name RETURNING id`,
  )) as { id: string }[];
  const year = now.getUTCFullYear();
  await db.query(
    `INSERT INTO pi_coverage (imo, club_id, cover_type, policy_year, inception, expiry, source)
     VALUES ($1, $2, 'owners_entry', $3, $4, $5, 'seed')`,
    [imo, club!.id, year, `${year}-02-20`, `${year + 1}-02-20`],
  );
}
