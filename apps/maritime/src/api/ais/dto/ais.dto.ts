import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches } from 'class-validator';
import { IsImo, IsInstant } from '../../../platform/validation/maritime-validators';

export class IngestQuery {
  @ApiPropertyOptional({
    description: 'When the lines were received (ISO 8601); the time of lines without a tag block',
  })
  @IsOptional()
  @IsInstant()
  received_at?: string;
}

export class LatestLocationParams {
  @ApiProperty({ enum: ['combined', 'terrestrial', 'satellite'] })
  @IsString()
  @Matches(/^[a-z_-]{1,32}$/, { message: 'provider must be a lowercase word' })
  provider!: string;

  @ApiProperty({ description: 'IMO number: 7 digits with a valid check digit', example: '9074729' })
  @IsImo()
  imo!: string;
}
