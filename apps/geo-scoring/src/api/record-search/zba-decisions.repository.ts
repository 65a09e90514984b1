import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ZbaDecisionRecord } from './dto/record-search.response';
import { isoTimestamp } from './record-cursor';
import {
  keysetCondition,
  keysetOrder,
  likeLiteral,
  SortOrder,
  SqlConditions,
} from './sql-conditions';

export interface ZbaFilters {
  jurisdictions?: readonly string[];
  q?: string;
  outcome?: string;
  varianceType?: string;
  decidedFrom?: string;
  decidedTo?: string;
}

export interface ZbaRow extends ZbaDecisionRecord {
  sort_key: string;
}

function conditions(filters: ZbaFilters): SqlConditions {
  const sql = new SqlConditions();
  if (filters.jurisdictions !== undefined) {
    sql.add(filters.jurisdictions, (p) => `jurisdiction = ANY(${p}::text[])`);
  }
  if (filters.q !== undefined) {
    // The same expression as the trigram index on case number and address.
    sql.add(
      likeLiteral(filters.q),
      (p) => `lower(case_number || ' ' || address) LIKE '%' || lower(${p}) || '%'`,
    );
  }
  if (filters.outcome !== undefined) sql.add(filters.outcome, (p) => `outcome = ${p}`);
  if (filters.varianceType !== undefined) {
    sql.add(
      likeLiteral(filters.varianceType),
      (p) => `lower(variance_type) LIKE '%' || lower(${p}) || '%'`,
    );
  }
  if (filters.decidedFrom !== undefined) {
    sql.add(filters.decidedFrom, (p) => `decision_date >= ${p}::date`);
  }
  if (filters.decidedTo !== undefined) {
    sql.add(filters.decidedTo, (p) => `decision_date <= ${p}::date`);
  }
  return sql;
}

/** Zoning-board decision search: filtered, keyset-paginated by decision date. */
@Injectable()
export class ZbaDecisionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async page(
    filters: ZbaFilters,
    order: SortOrder,
    after: { sort: string; id: string } | null,
    limit: number,
  ): Promise<ZbaRow[]> {
    const sql = conditions(filters);
    if (after !== null) {
      const bound = keysetCondition('decision_date', 'date', order);
      sql.addBound(bound(sql.bind(after.sort), sql.bind(after.id)));
    }
    const limitParam = sql.bind(limit);
    return this.dataSource.query(
      `SELECT id::text AS id, case_number, jurisdiction, address, variance_type, outcome,
         to_char(decision_date, 'YYYY-MM-DD') AS decision_date, conditions, lat, lng, h3_index,
         ${isoTimestamp('source_loaded_at')} AS source_loaded_at,
         to_char(decision_date, 'YYYY-MM-DD') AS sort_key
       FROM zba_decisions r ${sql.where()}
       ${keysetOrder('decision_date', order)}
       LIMIT ${limitParam}`,
      sql.params,
    );
  }

  async count(filters: ZbaFilters): Promise<number> {
    const sql = conditions(filters);
    const rows: { total: string }[] = await this.dataSource.query(
      `SELECT count(*)::text AS total FROM zba_decisions ${sql.where()}`,
      sql.params,
    );
    return Number(rows[0]?.total ?? 0);
  }
}
