import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface GaugeReading {
  slug: string;
  name: string;
  river: string;
  low_water_m: number;
  critical_low_m: number;
  /** The latest reading on or before the day asked for. */
  day: string;
  level_m: number;
}

@Injectable()
export class RiverLevelsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** Each gauge's latest reading on or before `day` (gauges without one are left out). */
  async latestReadings(day: string): Promise<GaugeReading[]> {
    return (await this.db.query(
      `SELECT g.slug, g.name, g.river, g.low_water_m::float8 AS low_water_m,
              g.critical_low_m::float8 AS critical_low_m, l.day::text AS day,
              l.level_m::float8 AS level_m
       FROM river_gauges g
       JOIN LATERAL (SELECT day, level_m FROM river_levels
                     WHERE gauge_id = g.id AND day <= $1::date
                     ORDER BY day DESC LIMIT 1) l ON true
       ORDER BY g.slug`,
      [day],
    )) as GaugeReading[];
  }
}
