import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { FlowRow, TractNameParts } from '@platform/geo-domain';

/**
 * commuter_flows SQL (see docs/geo-scoring/analytics.md#commuter-flows); both sides are served by
 * the (year, <end>, workers) indexes.
 */
@Injectable()
export class CommuterFlowsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The latest LODES year loaded; null when the table is empty. */
  async latestYear(): Promise<number | null> {
    const [row]: { year: number | null }[] = await this.dataSource.query(
      'SELECT MAX(year)::int AS year FROM commuter_flows',
    );
    return row?.year ?? null;
  }

  /** In `tracts`, or at either end of a flow of `year` (LODES covers tracts we hold no row for). */
  async tractKnown(geoid: string, year: number | null): Promise<boolean> {
    const [row]: { known: boolean }[] = await this.dataSource.query(
      `SELECT EXISTS (SELECT 1 FROM tracts WHERE geoid = $1)
         OR EXISTS (SELECT 1 FROM commuter_flows WHERE year = $2 AND work_geoid = $1)
         OR EXISTS (SELECT 1 FROM commuter_flows WHERE year = $2 AND home_geoid = $1) AS known`,
      [geoid, year],
    );
    return row?.known === true;
  }

  /** Every flow of `year` ending (inbound: work) or starting (outbound: home) at the tract. */
  async flows(year: number, geoid: string, side: 'inbound' | 'outbound'): Promise<FlowRow[]> {
    const [here, other] =
      side === 'inbound' ? ['work_geoid', 'home_geoid'] : ['home_geoid', 'work_geoid'];
    return this.dataSource.query(
      `SELECT ${other}::text AS tract, workers FROM commuter_flows
       WHERE year = $1 AND ${here} = $2`,
      [year, geoid],
    );
  }

  async tractNames(geoids: readonly string[]): Promise<Map<string, TractNameParts>> {
    if (geoids.length === 0) return new Map();
    const rows: { geoid: string; name: string; county_name: string; state_abbr: string }[] =
      await this.dataSource.query(
        `SELECT geoid::text AS geoid, name, county_name, state_abbr::text AS state_abbr
         FROM tracts WHERE geoid = ANY($1::char(11)[])`,
        [geoids],
      );
    return new Map(
      rows.map((row) => [
        row.geoid,
        { name: row.name, countyName: row.county_name, stateAbbr: row.state_abbr },
      ]),
    );
  }
}
