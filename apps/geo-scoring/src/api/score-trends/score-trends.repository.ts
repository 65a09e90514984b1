import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SIGNAL_GROUPS, SignalGroup } from '@platform/geo-domain';

export interface MetroTrendRow {
  date: string;
  avg_composite: number;
  cells: number;
}

export type CellSnapshotRow = {
  date: string;
  profile: string;
  composite: number | null;
  confidence: number;
} & Record<SignalGroup, number | null>;

/** An inclusive range of UTC calendar dates, `YYYY-MM-DD`. */
export interface DateRange {
  from: string;
  to: string;
}

@Injectable()
export class ScoreTrendsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Written by each score refresh: one row per metro, profile and snapshot date. */
  metroTrend(metro: string, profile: string, range: DateRange): Promise<MetroTrendRow[]> {
    return this.dataSource.query(
      `SELECT to_char(snapshot_date, 'YYYY-MM-DD') AS date, avg_composite, cells
       FROM score_snapshot_metro_daily
       WHERE metro_slug = $1 AND profile = $2 AND snapshot_date BETWEEN $3::date AND $4::date
       ORDER BY snapshot_date`,
      [metro, profile, range.from, range.to],
    );
  }

  /**
   * The metro of a cell that was ever scored (a current score or any snapshot), else undefined.
   * A cell whose current row was removed keeps its history reachable through its snapshots.
   */
  async scoredCellMetro(h3Index: string): Promise<string | undefined> {
    const rows: { metro_slug: string }[] = await this.dataSource.query(
      `SELECT metro_slug FROM cell_scores WHERE h3_index = $1
       UNION ALL
       (SELECT metro_slug FROM score_snapshots WHERE h3_index = $1 LIMIT 1)
       LIMIT 1`,
      [h3Index],
    );
    return rows[0]?.metro_slug;
  }

  cellSnapshots(h3Index: string, profile: string, range: DateRange): Promise<CellSnapshotRow[]> {
    return this.dataSource.query(
      `SELECT to_char(snapshot_date, 'YYYY-MM-DD') AS date, profile, composite, confidence,
         ${SIGNAL_GROUPS.join(', ')}
       FROM score_snapshots
       WHERE h3_index = $1 AND profile = $2 AND snapshot_date BETWEEN $3::date AND $4::date
       ORDER BY snapshot_date`,
      [h3Index, profile, range.from, range.to],
    );
  }
}
