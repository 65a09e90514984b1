import { Inject, Injectable, Logger } from '@nestjs/common';
import { addUtcDays } from '@platform/clock';
import { ApiError } from '@platform/http';
import { densityLimit, DENSITY_HARD_CAP } from '@platform/maritime-domain';
import type { Caller } from '../../platform/access/caller';
import { DataWindow } from '../../platform/access/data-window';
import { DensityCellRow, DensityRepository } from './density.repository';
import { DENSITY_DEFAULT_TYPE, type DensityQuery } from './dto/density.query';

const DAY_MS = 86_400_000;

@Injectable()
export class DensityService {
  private readonly logger = new Logger(DensityService.name);

  constructor(
    @Inject(DensityRepository) private readonly density: DensityRepository,
    @Inject(DataWindow) private readonly window: DataWindow,
  ) {}

  async cells(query: DensityQuery, caller: Caller): Promise<Record<string, unknown>> {
    const today = this.window.now().toISOString().slice(0, 10);
    const day = query.day ?? addUtcDays(today, -1);
    const vesselType = query.type ?? DENSITY_DEFAULT_TYPE;
    if (day >= today)
      throw ApiError.badRequest('invalid_request', 'day must be before today (UTC)', [
        { field: 'day', message: `day must be before ${today}; density covers complete days` },
      ]);
    // A day is within the plan's history when any of it is: its last millisecond is checked.
    this.window.assertWithinHistory(
      caller,
      new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS - 1),
      'day',
    );
    const limit = densityLimit(caller.access, query.limit ?? DENSITY_HARD_CAP);
    let rows: DensityCellRow[];
    try {
      rows = await this.density.cells(day, vesselType, limit);
    } catch (error: unknown) {
      this.logger.error({ err: error, day, vessel_type: vesselType }, 'density query failed');
      throw new ApiError(500, 'density_query_failed', 'The density query failed; try again later');
    }
    return {
      day,
      vessel_type: vesselType,
      cells: rows.map((row) => ({
        h3_index: row.h3_r8,
        vessel_type: vesselType,
        positions_count: row.positions_count,
        unique_vessels: row.unique_vessels,
      })),
      count: rows.length,
      tier: caller.limits.tier,
      limit_applied: limit,
    };
  }
}
