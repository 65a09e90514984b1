import { Injectable } from '@nestjs/common';
import { ApiError } from '@platform/http';
import { tierOrNull } from '@platform/geo-domain';
import { CellScoresRepository } from './cell-scores.repository';
import { CellResponse } from './dto/cell.response';
import { round2OrNull, round3OrNull, signalsOf } from './score-format';

export function cellNotFound(h3Index: string): ApiError {
  return new ApiError(404, 'cell_not_found', `Cell ${h3Index} has no score`);
}

@Injectable()
export class CellsService {
  constructor(private readonly scores: CellScoresRepository) {}

  /**
   * A valid res-8 cell without a current score (outside every metro, or not scored yet) is 404
   * `cell_not_found`: the route names one resource, and there is none to return.
   */
  async getCell(h3Index: string): Promise<CellResponse> {
    const row = await this.scores.findScore(h3Index);
    if (row === undefined) throw cellNotFound(h3Index);
    const composite = round2OrNull(row.composite);
    return {
      h3_index: row.h3_index,
      metro_slug: row.metro_slug,
      lat: row.lat,
      lng: row.lng,
      location_name: row.location_name,
      composite,
      confidence: round3OrNull(row.confidence) ?? 0,
      tier: tierOrNull(composite),
      ...signalsOf(row),
      robustness_class: row.robustness_class,
      support_stability: round3OrNull(row.support_stability),
      scored_at: row.scored_at.toISOString(),
    };
  }
}
