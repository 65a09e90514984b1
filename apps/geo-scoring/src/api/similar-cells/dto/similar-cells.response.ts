import { ApiProperty } from '@nestjs/swagger';
import { SIGNAL_GROUPS } from '@platform/geo-domain';
import { ScoredCellDto } from '../../cells/dto/scored-cell.dto';

export const NOT_FOUND_REASONS = ['cell_not_scored', 'zero_profile', 'no_satellite_embedding'];

export class SignalContributionsDto {
  @ApiProperty() business_vitality!: number;
  @ApiProperty() population_momentum!: number;
  @ApiProperty() demographics!: number;
  @ApiProperty() economic_strength!: number;
  @ApiProperty() development_pipeline!: number;
  @ApiProperty() accessibility!: number;
  @ApiProperty() safety_environment!: number;
  @ApiProperty() amenity_demand!: number;
}

/** One look-alike cell: its score row plus the similarity to the source. */
export class SimilarCellDto extends ScoredCellDto {
  @ApiProperty({
    minimum: 0,
    maximum: 1,
    description:
      'Cosine similarity (negative clamped to 0), 4 decimals; blend mode averages the two ' +
      'distances. Signals null → 0 in the score vector.',
  })
  similarity!: number;

  @ApiProperty({
    type: SignalContributionsDto,
    nullable: true,
    description:
      `Per-signal terms of the score cosine, a_i·b_i / (|a|·|b|) over ${SIGNAL_GROUPS.length} ` +
      'signals, 6 decimals; they sum to the score cosine (the similarity in score mode). ' +
      'Null in satellite mode.',
  })
  contributions!: SignalContributionsDto | null;
}

export class SimilarCellsResponse {
  @ApiProperty({
    description: 'False when the source cannot be compared (see reason); cells is then empty',
  })
  found!: boolean;

  @ApiProperty({
    enum: NOT_FOUND_REASONS,
    required: false,
    description:
      'Only when found is false: cell_not_scored (no current score), zero_profile (all 8 ' +
      'signals 0 or null; score and blend modes), no_satellite_embedding (satellite and blend)',
  })
  reason?: string;

  @ApiProperty({ example: '882a100d2dfffff' })
  sourceH3!: string;

  @ApiProperty({ type: String, nullable: true, description: 'Null when the source is unscored' })
  sourceMetro!: string | null;

  @ApiProperty({ type: [SimilarCellDto], description: 'Best first: similarity DESC, h3_index ASC' })
  cells!: SimilarCellDto[];
}
