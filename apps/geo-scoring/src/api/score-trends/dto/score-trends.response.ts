import { ApiProperty } from '@nestjs/swagger';
import { SignalColumnsDto } from '../../cells/dto/signal-columns.dto';
import { TIERS } from '@platform/geo-domain';
import { SCORE_PROFILES } from './score-trends.query';

export class MetroTrendPoint {
  @ApiProperty({ format: 'date', example: '2025-01-31' })
  date!: string;

  @ApiProperty({ description: "Mean composite of that date's snapshot rows, 2 decimals" })
  avg_composite!: number;

  @ApiProperty({ type: 'integer', minimum: 1, description: 'Snapshot rows of that date' })
  cells!: number;
}

/** Metro mode (see docs/geo-scoring/analytics.md#score-trends). */
export class MetroTrendResponse {
  @ApiProperty({ example: 'atx' })
  metro!: string;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: 365 })
  days!: number;

  @ApiProperty({ enum: SCORE_PROFILES })
  profile!: string;

  @ApiProperty({
    type: [MetroTrendPoint],
    description: 'Ascending by date; only dates with snapshots',
  })
  trend!: MetroTrendPoint[];
}

export class CellSnapshot extends SignalColumnsDto {
  @ApiProperty({ format: 'date', example: '2025-01-31' })
  date!: string;

  @ApiProperty({ enum: SCORE_PROFILES })
  profile!: string;

  @ApiProperty({ type: Number, nullable: true, minimum: 0, maximum: 100 })
  composite!: number | null;

  @ApiProperty({ minimum: 0, maximum: 1 })
  confidence!: number;

  @ApiProperty({ enum: TIERS, nullable: true })
  tier!: string | null;
}

/** Per-cell mode (see docs/geo-scoring/analytics.md#score-trends). */
export class CellTrendResponse {
  @ApiProperty({ example: '882a100d2dfffff' })
  h3_index!: string;

  @ApiProperty({ example: 'atx' })
  metro_slug!: string;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: 365 })
  days!: number;

  @ApiProperty({ enum: SCORE_PROFILES })
  profile!: string;

  @ApiProperty({
    type: [CellSnapshot],
    description: 'Ascending by date; days on which the scorer did not touch the cell are absent',
  })
  snapshots!: CellSnapshot[];
}
