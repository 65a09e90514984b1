import { Inject, Injectable } from '@nestjs/common';
import { rowsOf } from '@platform/database';
import { DataSource } from 'typeorm';
import { PioneerTier } from '@platform/geo-domain';

/** A stored licence as the tier rules need it. */
export interface StoredLicence {
  id: string;
  h3Index: string;
  naicsCode: string | null;
  /** ISO 8601 UTC. */
  occurredAt: string;
  closeDate: string | null;
  pioneerTier: PioneerTier;
  /** Row version (xmin) when read: the update skips a row changed since. */
  version: string;
}

export interface TierChange {
  id: string;
  tier: PioneerTier;
  version: string;
}

/** SQL of the daily licence-tiers job. */
@Injectable()
export class LicenceTiersRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** Licences whose close_date is on or before `today` turn Dormant; returns how many did. */
  async markDormant(today: string): Promise<number> {
    const [, affected] = (await this.dataSource.query(
      `UPDATE business_licenses SET pioneer_tier = 'Dormant'
       WHERE close_date <= $1::date AND pioneer_tier <> 'Dormant'`,
      [today],
    )) as [unknown, number];
    return affected;
  }

  /** Distinct cells of licences loaded (or reloaded) at or after `since` (UTC midnight). */
  async cellsLoadedSince(since: string): Promise<string[]> {
    const rows = await rowsOf<{ h3_index: string }>(
      this.dataSource,
      `SELECT DISTINCT h3_index FROM business_licenses
       WHERE source_loaded_at >= $1::date::timestamptz ORDER BY h3_index`,
      [since],
    );
    return rows.map((r) => r.h3_index);
  }

  /** Every licence in `cells` (index business_licenses_nearby, keyed on h3_index). */
  async licencesIn(cells: readonly string[]): Promise<StoredLicence[]> {
    if (cells.length === 0) return [];
    const rows = await rowsOf<{
      id: string;
      h3_index: string;
      naics_code: string | null;
      occurred_at: Date;
      close_date: string | null;
      pioneer_tier: PioneerTier;
      version: string;
    }>(
      this.dataSource,
      `SELECT id::text AS id, h3_index, naics_code, occurred_at,
         to_char(close_date, 'YYYY-MM-DD') AS close_date, pioneer_tier, xmin::text AS version
       FROM business_licenses WHERE h3_index = ANY($1::text[])`,
      [cells],
    );
    return rows.map((r) => ({
      id: r.id,
      h3Index: r.h3_index,
      naicsCode: r.naics_code,
      occurredAt: r.occurred_at.toISOString(),
      closeDate: r.close_date,
      pioneerTier: r.pioneer_tier,
      version: r.version,
    }));
  }

  /**
   * Writes new tiers in one statement. A row whose xmin moved since it was read (an ingest
   * rewrote it meanwhile, with a tier of its own) is left alone: that ingest set
   * source_loaded_at, so the next run looks at it again. Returns the rows changed.
   */
  async setTiers(changes: readonly TierChange[]): Promise<number> {
    if (changes.length === 0) return 0;
    const [, affected] = (await this.dataSource.query(
      `UPDATE business_licenses b SET pioneer_tier = u.tier
       FROM unnest($1::bigint[], $2::text[], $3::text[]) AS u (id, tier, version)
       WHERE b.id = u.id AND b.xmin::text = u.version AND b.pioneer_tier <> u.tier`,
      [changes.map((c) => c.id), changes.map((c) => c.tier), changes.map((c) => c.version)],
    )) as [unknown, number];
    return affected;
  }
}
