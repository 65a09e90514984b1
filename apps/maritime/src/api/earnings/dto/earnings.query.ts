import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import { IsImo } from '../../../platform/validation/maritime-validators';
import { LimitQuery } from '../../../platform/validation/page-query';

export const EARNINGS_LIMIT_MAX = 200;
const SLUG = /^[a-z0-9][a-z0-9-]{1,62}$/;

export class EarningsQuery extends LimitQuery(EARNINGS_LIMIT_MAX, 50) {
  @ApiPropertyOptional({ description: 'IMO number of one vessel' })
  @IsOptional()
  @IsImo()
  vessel?: string;

  @ApiPropertyOptional({ description: 'Port slug: voyages that left from or arrived at it' })
  @IsOptional()
  @Matches(SLUG, { message: 'port must be a port slug' })
  port?: string;
}

export class PortRevenueQuery extends LimitQuery(EARNINGS_LIMIT_MAX, 52) {
  @ApiPropertyOptional({ description: 'Port slug; all ports without it' })
  @IsOptional()
  @Matches(SLUG, { message: 'port must be a port slug' })
  port?: string;
}
