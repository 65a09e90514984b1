import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { ClampedInt, IsRes8Cell } from '../../../platform/api-policy/query-params';
import { SimilarityMode } from '@platform/geo-domain';

export const SIMILARITY_MODES: readonly SimilarityMode[] = ['score', 'satellite', 'blend'];

/**
 * Body of POST /api/cells/similar (see docs/geo-scoring/similar-cells.md#request); unknown fields
 * are refused.
 */
export class SimilarCellsRequest {
  @ApiProperty({
    description: 'The source cell: a valid H3 resolution-8 index',
    example: '882a100d2dfffff',
  })
  @IsRes8Cell()
  h3Index!: string;

  @ApiPropertyOptional({
    type: String,
    enum: SIMILARITY_MODES,
    default: 'score',
    description:
      'score: cosine of the 8 signal scores; satellite: cosine of the 64-d satellite embedding; ' +
      'blend: 1 − ((1 − cos_score) + (1 − cos_satellite)) / 2',
  })
  @IsOptional()
  @IsIn(SIMILARITY_MODES, { message: `mode must be one of ${SIMILARITY_MODES.join(', ')}` })
  mode: SimilarityMode = 'score';

  @ClampedInt({ min: 1, max: 100, default: 12 })
  limit!: number;

  @ApiPropertyOptional({
    type: Boolean,
    default: false,
    description: 'Only cells of the source cell’s metro',
  })
  @IsOptional()
  @IsBoolean()
  sameMetroOnly = false;
}
