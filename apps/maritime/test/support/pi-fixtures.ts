// P&I clubs and entries for the pi tests: two International Group clubs and two fixed-premium
// insurers, five vessels, and entries in every status on the test clock's day (2026-03-31).
import { fetchJson, type JsonReply } from '@platform/testing';
import type { DataSource } from 'typeorm';
import { insertReference, insertVessels, testImo } from './fixtures';

export const PI_VESSELS = {
  /** gard owners_entry (gt 30000 entered) and gard charterers (no gt: the vessel's 30000). */
  xray: testImo(401),
  /** gard owners_entry 12345 GT, active. */
  yankee: testImo(402),
  /** skuld, expired 2026-02-20. */
  zulu: testImo(403),
  /** sable-current, cancelled 2026-03-01. */
  whiskey: testImo(404),
  /** sable-current, cancellation set for 2026-06-01: still active today. */
  victor: testImo(405),
  /** No cover; used by imports. */
  uniform: testImo(406),
} as const;

export async function insertPiClubs(db: DataSource): Promise<Record<string, string>> {
  await db.query(`INSERT INTO pi_clubs (slug, name, ig_member, type, risk_tier, aliases) VALUES
    ('gard', 'Gard P. & I. (Bermuda) Ltd', true, 'mutual', 'low', '{Gard,"Gard AS"}'),
    ('skuld', 'Assuranceforeningen Skuld (Gjensidig)', true, 'mutual', 'low', '{Skuld}'),
    ('kestrel-reef', 'Kestrel Reef Underwriting (fictional)', false, 'fixed_premium', 'medium', '{"Kestrel Reef"}'),
    ('sable-current', 'Sable Current P&I (fictional)', false, 'fixed_premium', 'high', '{"Sable Current"}')`);
  const rows = (await db.query('SELECT slug, id::text AS id FROM pi_clubs')) as {
    slug: string;
    id: string;
  }[];
  return Object.fromEntries(rows.map((r) => [r.slug, r.id]));
}

export async function insertPiWorld(db: DataSource): Promise<Record<string, string>> {
  await insertReference(db);
  const v = PI_VESSELS;
  await insertVessels(
    db,
    Object.entries(v).map(([name, imo], i) => ({
      imo,
      mmsi: `35100040${i}`,
      name: name.toUpperCase(),
    })),
  );
  const club = await insertPiClubs(db);
  const entry = (
    imo: string,
    slug: string,
    cover: string,
    year: number,
    gt: number | null,
    cancelled: string | null = null,
  ): Promise<unknown> =>
    db.query(
      `INSERT INTO pi_coverage (imo, club_id, cover_type, policy_year, inception, expiry, cancelled_on, gt_entered, source)
       VALUES ($1, $2, $3, $4::int, make_date($4::int, 2, 20), make_date($4::int + 1, 2, 20), $5::date, $6::int, 'seed')`,
      [imo, club[slug], cover, year, cancelled, gt],
    );
  await entry(v.xray, 'gard', 'owners_entry', 2026, 30_000);
  await entry(v.xray, 'gard', 'charterers', 2026, null);
  await entry(v.yankee, 'gard', 'owners_entry', 2026, 12_345);
  await entry(v.zulu, 'skuld', 'owners_entry', 2025, 20_000);
  await entry(v.whiskey, 'sable-current', 'owners_entry', 2026, 25_000, '2026-03-01');
  await entry(v.victor, 'sable-current', 'owners_entry', 2026, 8_000, '2026-06-01');
  return club;
}

/** POSTs `body` to the import route as `contentType` (text/csv unless told). */
export function postCsv(
  baseUrl: string,
  body: string | Buffer,
  key: string,
  contentType = 'text/csv',
): Promise<JsonReply<Record<string, unknown>>> {
  return fetchJson(`${baseUrl}/api/v1/pi-coverage/import`, {
    method: 'POST',
    headers: { 'content-type': contentType, 'x-api-key': key },
    body,
  });
}
