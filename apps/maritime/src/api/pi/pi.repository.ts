import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface ClubRow {
  id: string;
  slug: string;
  name: string;
  ig_member: boolean;
  type: string;
  risk_tier: string;
  aliases: string[];
  vessels_entered: number;
  gt_entered: string;
}

export interface CoverageRow {
  id: string;
  imo: string;
  vessel_name: string;
  club_slug: string;
  club_name: string;
  ig_member: boolean;
  cover_type: string;
  policy_year: number;
  inception: string;
  expiry: string;
  cancelled_on: string | null;
  gt_entered: number | null;
  status: string;
  source: string;
  batch_id: string | null;
  updated_at: Date;
}

/**
 * An entry's status on `$1` (a UTC day): cancelled from its cancellation day, expired from its
 * expiry day, active otherwise (cover bound for a later inception included).
 */
const STATUS = `CASE WHEN c.cancelled_on IS NOT NULL AND c.cancelled_on <= $1::date THEN 'cancelled'
  WHEN c.expiry <= $1::date THEN 'expired' ELSE 'active' END`;

@Injectable()
export class PiRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /**
   * Every club with what is entered with it today: distinct vessels with an active entry, and
   * their gross tonnage (the entry's gt_entered, else the vessel's gt; once per vessel).
   */
  async clubs(today: string): Promise<ClubRow[]> {
    return (await this.db.query(
      `SELECT k.id::text AS id, k.slug, k.name, k.ig_member, k.type, k.risk_tier, k.aliases,
         count(a.imo)::int AS vessels_entered, coalesce(sum(a.gt), 0)::bigint::text AS gt_entered
       FROM pi_clubs k
       LEFT JOIN (
         SELECT c.club_id, c.imo, max(coalesce(c.gt_entered, v.gt)) AS gt
         FROM pi_coverage c JOIN vessels v ON v.imo = c.imo
         WHERE ${STATUS} = 'active'
         GROUP BY c.club_id, c.imo
       ) a ON a.club_id = k.id
       GROUP BY k.id
       ORDER BY k.ig_member DESC, k.slug`,
      [today],
    )) as ClubRow[];
  }

  async vesselExists(imo: string): Promise<boolean> {
    const rows = (await this.db.query('SELECT 1 FROM vessels WHERE imo = $1', [imo])) as unknown[];
    return rows.length > 0;
  }

  /** Newest cover first (latest expiry), one vessel or the whole fleet. */
  async coverage(today: string, imo: string | null, limit: number): Promise<CoverageRow[]> {
    return (await this.db.query(
      `SELECT c.id::text AS id, c.imo, v.name AS vessel_name, k.slug AS club_slug, k.name AS club_name,
         k.ig_member, c.cover_type, c.policy_year::int AS policy_year, c.inception::text AS inception,
         c.expiry::text AS expiry, c.cancelled_on::text AS cancelled_on, c.gt_entered,
         ${STATUS} AS status, c.source, c.batch_id::text AS batch_id, c.updated_at
       FROM pi_coverage c JOIN vessels v ON v.imo = c.imo JOIN pi_clubs k ON k.id = c.club_id
       WHERE $2::text IS NULL OR c.imo = $2
       ORDER BY c.expiry DESC, c.imo, k.slug, c.cover_type
       LIMIT $3`,
      [today, imo, limit],
    )) as CoverageRow[];
  }
}
