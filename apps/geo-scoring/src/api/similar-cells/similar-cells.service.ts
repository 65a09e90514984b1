import { Inject, Injectable } from '@nestjs/common';
import {
  roundHalfAwayFromZero,
  SignalGroup,
  tierOrNull,
  SimilarHit,
  SimilarityMode,
  roundSimilarity,
} from '@platform/geo-domain';
import { round2OrNull, round3OrNull, signalsOf } from '../cells/score-format';
import { SimilarCellDto, SimilarCellsResponse } from './dto/similar-cells.response';
import { SimilarIndexRefresher } from './similar-index.refresher';

export interface SimilarCellsQuery {
  h3Index: string;
  mode: SimilarityMode;
  /** Already clamped into 1..100. */
  limit: number;
  sameMetroOnly: boolean;
}

/** POST /api/cells/similar over the replica's in-memory index; no database access per request. */
@Injectable()
export class SimilarCellsService {
  constructor(@Inject(SimilarIndexRefresher) private readonly refresher: SimilarIndexRefresher) {}

  find(query: SimilarCellsQuery): SimilarCellsResponse {
    // One reference read: a concurrent rebuild swaps the index, never changes this one.
    const index = this.refresher.current();
    const source = index.checkSource(query.h3Index, query.mode);
    if (!source.found) {
      return {
        found: false,
        reason: source.reason,
        sourceH3: query.h3Index,
        sourceMetro: source.sourceMetro,
        cells: [],
      };
    }
    const hits = index.search(source.row, query.mode, query.limit, query.sameMetroOnly);
    return {
      found: true,
      sourceH3: query.h3Index,
      sourceMetro: index.cellAt(source.row).metroSlug,
      cells: hits.map(toDto),
    };
  }
}

function toDto(hit: SimilarHit): SimilarCellDto {
  const { cell } = hit;
  const composite = round2OrNull(cell.composite);
  return {
    h3_index: cell.h3Index,
    metro_slug: cell.metroSlug,
    lat: cell.lat,
    lng: cell.lng,
    composite,
    confidence: roundHalfAwayFromZero(cell.confidence, 3),
    similarity: roundSimilarity(hit.similarity),
    ...signalsOf(cell.signals),
    tier: tierOrNull(composite),
    robustness_class: cell.robustnessClass,
    support_stability: round3OrNull(cell.supportStability),
    contributions: hit.contributions ? roundContributions(hit.contributions) : null,
  };
}

/** 6 decimals: eight rounded terms still sum to the 4-decimal similarity within 1e-4. */
function roundContributions(terms: Record<SignalGroup, number>): Record<SignalGroup, number> {
  const out = {} as Record<SignalGroup, number>;
  for (const [group, value] of Object.entries(terms) as [SignalGroup, number][])
    out[group] = roundHalfAwayFromZero(value, 6);
  return out;
}
