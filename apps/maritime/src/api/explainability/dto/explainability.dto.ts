import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { IsImo } from '../../../platform/validation/maritime-validators';

export const EXPLAIN_TYPES = ['cargo_estimate', 'motif', 'spoofing'] as const;
export type ExplainType = (typeof EXPLAIN_TYPES)[number];

export class ExplainabilityQuery {
  @ApiProperty({ description: 'IMO number of the vessel', example: '9074729' })
  @IsImo()
  imo!: string;

  @ApiProperty({ enum: EXPLAIN_TYPES })
  @IsIn(EXPLAIN_TYPES)
  type!: ExplainType;

  @ApiPropertyOptional({
    description:
      'cargo_estimate: a voyage id; spoofing: a spoofing alert id; motif: a unified alert id ' +
      '`<source>:<id>`. Default: the vessel’s latest',
  })
  @IsOptional()
  @IsString()
  @Matches(/^([a-z_]{1,20}:)?[1-9][0-9]{0,17}$/, {
    message: 'signal_id must be a positive id, or <source>:<id> for a motif',
  })
  signal_id?: string;
}
