import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface RouteFlowsRefreshResult {
  row_count: number;
  periods: number;
}

/**
 * Rebuilds route_flows_monthly (completed laden voyages per departure month, origin,
 * destination and vessel type) without blocking readers.
 */
@Injectable()
export class RouteFlowsRefreshService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async refresh(): Promise<RouteFlowsRefreshResult> {
    await this.db.query('REFRESH MATERIALIZED VIEW CONCURRENTLY route_flows_monthly');
    const counts = (await this.db.query(
      `SELECT count(*)::int AS row_count, count(DISTINCT period)::int AS periods
       FROM route_flows_monthly`,
    )) as [RouteFlowsRefreshResult];
    return counts[0];
  }
}
