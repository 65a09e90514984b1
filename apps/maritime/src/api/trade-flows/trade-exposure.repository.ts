import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { hasTradeFilter, TRADE_VOYAGES_SQL, TradeFilter, tradeParams } from './trade-filter';

export interface MatchRow {
  imo: string;
  vessel_name: string;
  flag: string;
  entry_id: string;
  entity_name: string;
  entity_type: string;
  program: string | null;
  list_source: string;
  list_name: string;
  match_type: string;
  matched_field: string;
  matched_value: string;
  first_matched_at: Date;
  computed_at: Date;
  total: number;
  n_direct_imo: number;
  n_mmsi: number;
  n_name: number;
}

export interface EntityRow {
  imo: string;
  vessel_name: string;
  vessel_type: string;
  flag: string;
  owner_name: string | null;
  manager_name: string | null;
  port: string | null;
  port_name: string | null;
  voyages: number;
  cargo_t: number | null;
  commodities: string[] | null;
  last_arrived_at: Date | null;
  match_types: string[] | null;
  dark_event_count: number;
  risk_score: string | null;
  risk_tier: string | null;
  tier_override: string | null;
  total: number;
}

export interface ExposureScope {
  trade: TradeFilter;
  imo: string | null;
  visibleUntil: Date;
  limit: number;
}

/**
 * What the vessels behind a trade are exposed to: their sanctions matches and, per vessel, the
 * voyages carried, the main load port, sanctions, dark events and the risk score.
 */
@Injectable()
export class TradeExposureRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /**
   * Matches of vessels that carried the filtered trade (every match when no trade filter is
   * given), strongest first. The n_* columns count the whole filtered set, not the page.
   */
  async matches(scope: ExposureScope): Promise<MatchRow[]> {
    return (await this.db.query(
      `WITH carriers AS (SELECT DISTINCT imo FROM (${TRADE_VOYAGES_SQL}) t)
       SELECT m.imo, v.name AS vessel_name, v.flag, e.id::text AS entry_id, e.entity_name,
         e.entity_type, e.program, l.source AS list_source, l.name AS list_name, m.match_type,
         m.matched_field, m.matched_value, m.first_matched_at, m.computed_at,
         count(*) OVER ()::int AS total,
         count(*) FILTER (WHERE m.match_type = 'direct_imo') OVER ()::int AS n_direct_imo,
         count(*) FILTER (WHERE m.match_type = 'mmsi') OVER ()::int AS n_mmsi,
         count(*) FILTER (WHERE m.match_type = 'name') OVER ()::int AS n_name
       FROM sanctions_matches m
       JOIN vessels v ON v.imo = m.imo
       JOIN sanctions_entries e ON e.id = m.entry_id
       JOIN sanctions_lists l ON l.id = e.list_id
       WHERE (NOT $6::boolean OR m.imo IN (SELECT imo FROM carriers))
         AND ($7::text IS NULL OR m.imo = $7)
       ORDER BY CASE m.match_type WHEN 'direct_imo' THEN 0 WHEN 'mmsi' THEN 1 ELSE 2 END,
         m.imo, e.id
       LIMIT $8`,
      [
        ...tradeParams(scope.trade, scope.visibleUntil),
        hasTradeFilter(scope.trade),
        scope.imo,
        scope.limit,
      ],
    )) as MatchRow[];
  }

  /**
   * One row per vessel that carried the filtered trade, or the one vessel asked for by IMO
   * (with zero voyages when it carried none of it). Sanctioned vessels first, then by risk score.
   * Dark events are counted from `darkSince`.
   */
  async entities(scope: ExposureScope, darkSince: Date): Promise<EntityRow[]> {
    return (await this.db.query(
      `WITH trade AS (
         SELECT * FROM (${TRADE_VOYAGES_SQL}) t WHERE $6::text IS NULL OR t.imo = $6
       ),
       per_vessel AS (
         SELECT t.imo, count(*)::int AS voyages, sum(t.cargo_t)::float8 AS cargo_t,
           array_agg(DISTINCT c.slug ORDER BY c.slug) AS commodities, max(t.arrived_at) AS last_arrived_at
         FROM trade t JOIN commodities c ON c.id = t.commodity_id GROUP BY t.imo
       ),
       load_port AS (
         SELECT DISTINCT ON (t.imo) t.imo, p.slug, p.name
         FROM trade t JOIN ports p ON p.id = t.origin_port_id
         GROUP BY t.imo, p.slug, p.name ORDER BY t.imo, count(*) DESC, p.name
       ),
       base AS (
         SELECT imo FROM per_vessel WHERE $6::text IS NULL
         UNION SELECT imo FROM vessels WHERE imo = $6
       ),
       entity AS (
         SELECT ves.imo, ves.name AS vessel_name, ves.vessel_type, ves.flag, ves.owner_name,
           ves.manager_name, lp.slug AS port, lp.name AS port_name,
           coalesce(pv.voyages, 0) AS voyages, pv.cargo_t, pv.commodities, pv.last_arrived_at,
           (SELECT array_agg(DISTINCT m.match_type ORDER BY m.match_type) FROM sanctions_matches m
            WHERE m.imo = ves.imo) AS match_types,
           (SELECT count(*)::int FROM dark_events d
            WHERE d.imo = ves.imo AND d.occurred_at > $7 AND d.occurred_at <= $5) AS dark_event_count,
           r.score AS risk_score, r.tier AS risk_tier, r.tier_override
         FROM base b
         JOIN vessels ves ON ves.imo = b.imo
         LEFT JOIN per_vessel pv ON pv.imo = ves.imo
         LEFT JOIN load_port lp ON lp.imo = ves.imo
         LEFT JOIN vessel_risk_scores r ON r.imo = ves.imo
       )
       SELECT *, count(*) OVER ()::int AS total FROM entity
       ORDER BY (match_types IS NOT NULL) DESC, risk_score DESC NULLS LAST, voyages DESC, imo
       LIMIT $8`,
      [...tradeParams(scope.trade, scope.visibleUntil), scope.imo, darkSince, scope.limit],
    )) as EntityRow[];
  }
}
