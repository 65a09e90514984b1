import { ApiProperty } from '@nestjs/swagger';
import { IsImo } from '../../../platform/validation/maritime-validators';
import { LimitQuery } from '../../../platform/validation/page-query';

export const POOL_LIMIT_MAX = 200;
export const POOL_LIMIT_DEFAULT = 50;

export class InsuranceImoQuery {
  @ApiProperty({ description: 'IMO number: 7 digits with a valid check digit', example: '9074729' })
  @IsImo()
  imo!: string;
}

/** `imo` plus `limit` (default 50, clamped to 200): how many pool vessels are listed. */
export class ComparablePoolQuery extends LimitQuery(POOL_LIMIT_MAX, POOL_LIMIT_DEFAULT) {
  @ApiProperty({ description: 'IMO number: 7 digits with a valid check digit', example: '9074729' })
  @IsImo()
  imo!: string;
}
