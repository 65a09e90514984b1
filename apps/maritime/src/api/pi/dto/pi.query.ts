import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { IsImo } from '../../../platform/validation/maritime-validators';
import { LimitQuery } from '../../../platform/validation/page-query';

export const PI_COVERAGE_LIMIT_MAX = 200;
export const PI_COVERAGE_LIMIT_DEFAULT = 50;

export class PiCoverageQuery extends LimitQuery(PI_COVERAGE_LIMIT_MAX, PI_COVERAGE_LIMIT_DEFAULT) {
  @ApiPropertyOptional({ description: 'IMO number of one vessel', example: '9074729' })
  @IsOptional()
  @IsImo()
  vessel?: string;
}
