import { Inject, Injectable } from '@nestjs/common';
import type { DestinationPort, ReliabilityTier } from '@platform/maritime-domain';
import { DataSource } from 'typeorm';

export interface ReliabilityVoyage {
  imo: string;
  declared_destination: string | null;
  dest_port_id: number;
}

export interface ReliabilityRow {
  imo: string;
  voyages: number;
  matched: number;
  reliability_pct: number;
  tier: ReliabilityTier;
  last_declared_destination: string | null;
  last_actual_port_id: number;
}

export interface ReliabilityRecord {
  imo_number: string;
  vessel_name: string;
  voyages: number;
  matched: number;
  reliability_pct: number;
  tier: ReliabilityTier;
  last_declared_destination: string | null;
  last_actual_port: string | null;
  computed_at: Date;
}

export interface ReliabilityFilter {
  imo?: string;
  tier?: ReliabilityTier;
  limit: number;
}

/** destination_reliability and the voyages it is computed from. */
@Injectable()
export class ReliabilityRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async ports(): Promise<(DestinationPort & { id: number })[]> {
    return (await this.db.query(
      'SELECT id::int AS id, slug, name, unlocode, aliases FROM ports ORDER BY id',
    )) as (DestinationPort & { id: number })[];
  }

  /** Voyages completed in the 365 days up to `asOf`, per vessel oldest arrival first. */
  async completedVoyages(asOf: Date): Promise<ReliabilityVoyage[]> {
    return (await this.db.query(
      `SELECT imo, declared_destination, dest_port_id::int AS dest_port_id
       FROM voyages
       WHERE status = 'completed'
         AND arrived_at > $1::timestamptz - interval '365 days' AND arrived_at <= $1::timestamptz
       ORDER BY imo, arrived_at, id`,
      [asOf],
    )) as ReliabilityVoyage[];
  }

  /** Replaces the whole table in one transaction. */
  async replace(rows: readonly ReliabilityRow[], computedAt: Date): Promise<void> {
    await this.db.transaction(async (manager) => {
      await manager.query('DELETE FROM destination_reliability');
      if (rows.length === 0) return;
      await manager.query(
        `INSERT INTO destination_reliability (imo, voyages_365d, matched, reliability_pct, tier,
           last_declared_destination, last_actual_port_id, computed_at)
         SELECT imo, voyages, matched, pct, tier, declared, port, $8
         FROM unnest($1::text[], $2::int[], $3::int[], $4::numeric[], $5::text[], $6::text[],
                     $7::bigint[]) AS r (imo, voyages, matched, pct, tier, declared, port)`,
        [
          rows.map((r) => r.imo),
          rows.map((r) => r.voyages),
          rows.map((r) => r.matched),
          rows.map((r) => r.reliability_pct),
          rows.map((r) => r.tier),
          rows.map((r) => r.last_declared_destination),
          rows.map((r) => r.last_actual_port_id),
          computedAt,
        ],
      );
    });
  }

  /** Lowest reliability first, then IMO. */
  async list(filter: ReliabilityFilter): Promise<ReliabilityRecord[]> {
    return (await this.db.query(
      `SELECT r.imo AS imo_number, v.name AS vessel_name, r.voyages_365d AS voyages, r.matched,
              r.reliability_pct::float8 AS reliability_pct, r.tier, r.last_declared_destination,
              p.slug AS last_actual_port, r.computed_at
       FROM destination_reliability r
       JOIN vessels v USING (imo)
       LEFT JOIN ports p ON p.id = r.last_actual_port_id
       WHERE ($1::text IS NULL OR r.imo = $1) AND ($2::text IS NULL OR r.tier = $2)
       ORDER BY r.reliability_pct, r.imo
       LIMIT $3`,
      [filter.imo ?? null, filter.tier ?? null, filter.limit],
    )) as ReliabilityRecord[];
  }
}
