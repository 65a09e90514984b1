import { ApiProperty } from '@nestjs/swagger';
import { ROBUSTNESS_CLASSES, TIERS } from '@platform/geo-domain';
import { SignalColumnsDto } from './signal-columns.dto';

/** A cell's current score row: shared by /api/cells/{h3Index} and the look-alike results. */
export class ScoredCellDto extends SignalColumnsDto {
  @ApiProperty({ example: '882a100d2dfffff', description: 'H3 resolution-8 cell' })
  h3_index!: string;

  @ApiProperty({ example: 'atx' })
  metro_slug!: string;

  @ApiProperty({ description: 'Cell centre latitude' })
  lat!: number;

  @ApiProperty({ description: 'Cell centre longitude' })
  lng!: number;

  @ApiProperty({
    type: Number,
    nullable: true,
    minimum: 0,
    maximum: 100,
    description: '2 decimals',
  })
  composite!: number | null;

  @ApiProperty({ minimum: 0, maximum: 1, description: '3 decimals' })
  confidence!: number;

  @ApiProperty({
    enum: TIERS,
    nullable: true,
    description: 'Tier of the composite; null when composite is null',
  })
  tier!: string | null;

  @ApiProperty({
    enum: ROBUSTNESS_CLASSES,
    nullable: true,
    description: 'Res 7/8 robustness class; null while the cell is unclassified',
  })
  robustness_class!: string | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    minimum: 0,
    maximum: 1,
    description: 'Null while the cell is unclassified',
  })
  support_stability!: number | null;
}
