import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';

export const ONE_SHOT_PERIODS = ['24h', '7d', '30d'] as const;
export type OneShotPeriod = (typeof ONE_SHOT_PERIODS)[number];

/** Only `period`: `model`, `from`, `to` (and anything else) answer 400 invalid_request. */
export class OneShotQuery {
  @ApiPropertyOptional({ enum: ONE_SHOT_PERIODS, default: '7d' })
  @IsOptional()
  @IsIn(ONE_SHOT_PERIODS, { message: `period must be one of ${ONE_SHOT_PERIODS.join(', ')}` })
  period?: OneShotPeriod;
}
