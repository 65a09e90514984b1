import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { TradeFilter } from './trade-filter';

export interface CommodityRow {
  id: string;
  slug: string;
  name: string;
}

export interface FlowRow {
  id: string;
  exporter: string;
  importer: string;
  commodity: string;
  commodity_name: string;
  period: number;
  exported_mt: string | null;
  imported_mt: string | null;
  value_usd: string | null;
  total: number;
}

const FLOW_FILTER = `
  ($1::text IS NULL OR lower(f.exporter) = lower($1))
  AND ($2::text IS NULL OR lower(f.importer) = lower($2))
  AND ($3::bigint IS NULL OR f.commodity_id = $3)
  AND ($4::int IS NULL OR f.period = $4)`;

const FLOW_COLUMNS = `f.id::text AS id, f.exporter, f.importer, c.slug AS commodity,
  c.name AS commodity_name, f.period::int AS period, f.exported_mt, f.imported_mt, f.value_usd,
  count(*) OVER ()::int AS total`;

/**
 * The unrounded mirror ratio, 1 (that is 100 %) when a side is missing: ordering by it gives the
 * same order as the rounded discrepancy_pct the service computes.
 */
const MIRROR_RATIO = `CASE WHEN coalesce(f.exported_mt, 0) = 0 OR coalesce(f.imported_mt, 0) = 0 THEN 1
  ELSE abs(f.exported_mt - f.imported_mt) / greatest(f.exported_mt, f.imported_mt) END`;

@Injectable()
export class TradeFlowsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async commodities(): Promise<CommodityRow[]> {
    return (await this.db.query(
      'SELECT id::text AS id, slug, name FROM commodities ORDER BY slug',
    )) as CommodityRow[];
  }

  /** Newest year first, then the largest declared exports. */
  async flows(filter: TradeFilter, limit: number): Promise<FlowRow[]> {
    return (await this.db.query(
      `SELECT ${FLOW_COLUMNS}
       FROM trade_flows f JOIN commodities c ON c.id = f.commodity_id
       WHERE ${FLOW_FILTER}
       ORDER BY f.period DESC, f.exported_mt DESC NULLS LAST, f.exporter, f.importer, c.slug
       LIMIT $5`,
      [...params(filter), limit],
    )) as FlowRow[];
  }

  /** Largest discrepancy first; ties by year (newest), exporter, importer and commodity. */
  async mirror(filter: TradeFilter, limit: number): Promise<FlowRow[]> {
    return (await this.db.query(
      `SELECT ${FLOW_COLUMNS}
       FROM trade_flows f JOIN commodities c ON c.id = f.commodity_id
       WHERE ${FLOW_FILTER}
       ORDER BY ${MIRROR_RATIO} DESC, f.period DESC, f.exporter, f.importer, c.slug
       LIMIT $5`,
      [...params(filter), limit],
    )) as FlowRow[];
  }
}

function params(filter: TradeFilter): unknown[] {
  return [filter.exporter, filter.importer, filter.commodityId, filter.period];
}
