import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LicenceSort } from './dto/business-licenses.query';
import { BusinessLicenseRecord } from './dto/record-search.response';
import { isoTimestamp, SORT_KEY_SHAPES, timestampKey } from './record-cursor';
import {
  keysetCondition,
  keysetOrder,
  likeLiteral,
  SortOrder,
  SqlConditions,
} from './sql-conditions';

export interface LicenceFilters {
  metro?: string;
  address?: string;
  naics?: string;
  pioneerTier?: string;
}

export interface LicenceRow extends BusinessLicenseRecord {
  sort_key: string;
}

/** How each sort orders and what its cursor carries. */
export const LICENCE_SORT_KEYS: Record<
  LicenceSort,
  { column: string; cast: string; key: string; shape: RegExp }
> = {
  source_loaded_at: {
    column: 'source_loaded_at',
    cast: 'timestamptz',
    key: timestampKey('source_loaded_at'),
    shape: SORT_KEY_SHAPES.timestamp,
  },
  occurred_at: {
    column: 'occurred_at',
    cast: 'timestamptz',
    key: timestampKey('occurred_at'),
    shape: SORT_KEY_SHAPES.timestamp,
  },
  metro_slug: {
    column: 'metro_slug',
    cast: 'text',
    key: 'metro_slug',
    shape: SORT_KEY_SHAPES.slug,
  },
};

function conditions(filters: LicenceFilters): SqlConditions {
  const sql = new SqlConditions();
  if (filters.metro !== undefined) sql.add(filters.metro, (p) => `metro_slug = ${p}`);
  if (filters.address !== undefined) {
    // lower(address) is what the trigram index covers.
    sql.add(likeLiteral(filters.address), (p) => `lower(address) LIKE '%' || lower(${p}) || '%'`);
  }
  if (filters.naics !== undefined) sql.add(filters.naics, (p) => `naics_code LIKE ${p} || '%'`);
  if (filters.pioneerTier !== undefined) {
    sql.add(filters.pioneerTier, (p) => `pioneer_tier = ${p}`);
  }
  return sql;
}

/** Business-licence search: filtered, keyset-paginated (see docs/geo-scoring/dashboard.md). */
@Injectable()
export class BusinessLicensesRepository {
  constructor(private readonly dataSource: DataSource) {}

  async page(
    filters: LicenceFilters,
    sort: LicenceSort,
    order: SortOrder,
    after: { sort: string; id: string } | null,
    limit: number,
  ): Promise<LicenceRow[]> {
    const key = LICENCE_SORT_KEYS[sort];
    const sql = conditions(filters);
    if (after !== null) {
      const bound = keysetCondition(key.column, key.cast, order);
      sql.addBound(bound(sql.bind(after.sort), sql.bind(after.id)));
    }
    const limitParam = sql.bind(limit);
    return this.dataSource.query(
      `SELECT id::text AS id, source_id, metro_slug, business_name, address, naics_code,
         pioneer_tier, ${isoTimestamp('occurred_at')} AS occurred_at,
         to_char(close_date, 'YYYY-MM-DD') AS close_date,
         ${isoTimestamp('source_loaded_at')} AS source_loaded_at, lat, lng, h3_index,
         ${key.key} AS sort_key
       FROM business_licenses r ${sql.where()}
       ${keysetOrder(key.column, order)}
       LIMIT ${limitParam}`,
      sql.params,
    );
  }

  async count(filters: LicenceFilters): Promise<number> {
    const sql = conditions(filters);
    const rows: { total: string }[] = await this.dataSource.query(
      `SELECT count(*)::text AS total FROM business_licenses ${sql.where()}`,
      sql.params,
    );
    return Number(rows[0]?.total ?? 0);
  }
}
