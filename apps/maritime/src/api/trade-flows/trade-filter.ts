/** The trade a request narrows to; every field is optional and null means "any". */
export interface TradeFilter {
  exporter: string | null;
  importer: string | null;
  commodityId: string | null;
  period: number | null;
}

export function hasTradeFilter(filter: TradeFilter): boolean {
  return (
    filter.exporter !== null ||
    filter.importer !== null ||
    filter.commodityId !== null ||
    filter.period !== null
  );
}

/**
 * Laden international voyages that carried the filtered trade: completed, with a commodity, from
 * a port of the exporter to a port of the importer, arriving in the period year (UTC), the same
 * rule that builds trade_flows. Parameters $1..$4 are the filter, $5 the visibility instant.
 * Columns: imo, origin_port_id, commodity_id, cargo_t, arrived_at.
 */
export const TRADE_VOYAGES_SQL = `
  SELECT v.imo, v.origin_port_id, v.commodity_id, v.cargo_t, v.arrived_at
  FROM voyages v
  JOIN ports op ON op.id = v.origin_port_id
  JOIN ports dp ON dp.id = v.dest_port_id
  WHERE v.status = 'completed' AND v.commodity_id IS NOT NULL AND v.arrived_at <= $5
    AND op.country_name <> dp.country_name
    AND ($1::text IS NULL OR lower(op.country_name) = lower($1))
    AND ($2::text IS NULL OR lower(dp.country_name) = lower($2))
    AND ($3::bigint IS NULL OR v.commodity_id = $3)
    AND ($4::int IS NULL OR extract(year FROM v.arrived_at AT TIME ZONE 'UTC')::int = $4)`;

export function tradeParams(filter: TradeFilter, visibleUntil: Date): unknown[] {
  return [filter.exporter, filter.importer, filter.commodityId, filter.period, visibleUntil];
}
