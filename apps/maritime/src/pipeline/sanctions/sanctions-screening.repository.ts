import { Inject, Injectable } from '@nestjs/common';
import type {
  FleetSanctionsMatch,
  SanctionsEntry,
  ScreenedVessel,
} from '@platform/maritime-domain';
import { DataSource } from 'typeorm';

export interface StoredEntry extends SanctionsEntry {
  id: string;
  list_name: string;
  source: string;
}

export interface NewMatch {
  imo: string;
  vessel_name: string;
  entry_id: string;
  entity_name: string;
  list_name: string;
  source: string;
  match_type: string;
  matched_field: string;
}

@Injectable()
export class SanctionsScreeningRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** Every vessel with its former names and MMSIs (from the identity history). */
  async vessels(): Promise<ScreenedVessel[]> {
    const rows = (await this.db.query(
      `SELECT v.imo, v.mmsi, v.name, v.owner_name, v.manager_name,
         coalesce(array_agg(h.old_value) FILTER (WHERE h.field = 'name'), '{}') AS former_names,
         coalesce(array_agg(h.old_value) FILTER (WHERE h.field = 'mmsi'), '{}') AS former_mmsis
       FROM vessels v LEFT JOIN vessel_identity_history h ON h.imo = v.imo AND h.old_value IS NOT NULL
       GROUP BY v.imo ORDER BY v.imo`,
    )) as {
      imo: string;
      mmsi: string;
      name: string;
      owner_name: string | null;
      manager_name: string | null;
      former_names: string[];
      former_mmsis: string[];
    }[];
    return rows.map((r) => ({
      imo: r.imo,
      mmsi: r.mmsi,
      name: r.name,
      formerNames: r.former_names,
      formerMmsis: r.former_mmsis,
      ownerName: r.owner_name,
      managerName: r.manager_name,
    }));
  }

  /** The entries of the newest publication of each list. */
  async entries(): Promise<StoredEntry[]> {
    return (await this.db.query(
      `SELECT e.id::text AS id, e.entity_type, e.imo, e.mmsi, e.vessel_name, e.entity_name,
         l.name AS list_name, l.source
       FROM sanctions_entries e JOIN (
         SELECT DISTINCT ON (source) id, name, source FROM sanctions_lists ORDER BY source, published_at DESC
       ) l ON l.id = e.list_id
       ORDER BY e.id`,
    )) as StoredEntry[];
  }

  /**
   * Makes sanctions_matches equal to `matches` in one transaction: stale pairs go, known pairs
   * are refreshed, new pairs are inserted and returned (they raise alerts).
   */
  async replace(
    matches: readonly FleetSanctionsMatch<StoredEntry>[],
    computedAt: Date,
  ): Promise<NewMatch[]> {
    return this.db.transaction(async (manager) => {
      const imos = matches.map((m) => m.imo);
      const entryIds = matches.map((m) => m.entry.id);
      await manager.query(
        `DELETE FROM sanctions_matches m WHERE NOT EXISTS (
           SELECT 1 FROM unnest($1::text[], $2::bigint[]) AS k (imo, entry_id)
           WHERE k.imo = m.imo AND k.entry_id = m.entry_id)`,
        [imos, entryIds],
      );
      const inserted = (await manager.query(
        `INSERT INTO sanctions_matches (imo, entry_id, match_type, matched_field, matched_value, computed_at)
         SELECT * , $6::timestamptz FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::text[])
         ON CONFLICT (imo, entry_id) DO UPDATE SET match_type = excluded.match_type,
           matched_field = excluded.matched_field, matched_value = excluded.matched_value,
           computed_at = excluded.computed_at
         RETURNING imo, entry_id::text AS entry_id, (xmax = 0) AS inserted`,
        [
          imos,
          entryIds,
          matches.map((m) => m.match_type),
          matches.map((m) => m.matched_field),
          matches.map(
            (m) => m.entry.imo ?? m.entry.mmsi ?? m.entry.vessel_name ?? m.entry.entity_name,
          ),
          computedAt,
        ],
      )) as { imo: string; entry_id: string; inserted: boolean }[];
      const fresh = new Set(
        inserted.filter((r) => r.inserted).map((r) => `${r.imo}:${r.entry_id}`),
      );
      const names = new Map(
        (
          (await manager.query('SELECT imo, name FROM vessels WHERE imo = ANY ($1::text[])', [
            [...new Set(imos)],
          ])) as { imo: string; name: string }[]
        ).map((r) => [r.imo, r.name]),
      );
      return matches
        .filter((m) => fresh.has(`${m.imo}:${m.entry.id}`))
        .map((m) => ({
          imo: m.imo,
          vessel_name: names.get(m.imo) ?? m.imo,
          entry_id: m.entry.id,
          entity_name: m.entry.entity_name,
          list_name: m.entry.list_name,
          source: m.entry.source,
          match_type: m.match_type,
          matched_field: m.matched_field,
        }));
    });
  }
}
