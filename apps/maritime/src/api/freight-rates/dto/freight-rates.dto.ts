import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { VESSEL_TYPES } from '@platform/maritime-domain';
import { IsIn, IsNumber, IsOptional, IsPositive, Matches, Max, NotEquals } from 'class-validator';
import { IsInstant } from '../../../platform/validation/maritime-validators';
import { LimitQuery } from '../../../platform/validation/page-query';

export const FREIGHT_RATES_LIMIT_MAX = 200;
export const RATE_UNITS = ['usd_per_t', 'usd_per_day', 'usd_per_feu'] as const;
const ROUTE_CODE = /^[A-Z0-9_:-]{2,32}$/;
const ROUTE_CODE_MESSAGE = 'route_code must be 2-32 of A-Z, 0-9, _, : or -';
const SLUG = /^[a-z0-9][a-z0-9-]{1,62}$/;

export class FreightRatesQuery extends LimitQuery(FREIGHT_RATES_LIMIT_MAX, 50) {
  @ApiPropertyOptional({ enum: VESSEL_TYPES })
  @IsOptional()
  @IsIn([...VESSEL_TYPES])
  vessel_type?: string;

  @ApiPropertyOptional({ example: 'SARTA-CNNGB' })
  @IsOptional()
  @Matches(ROUTE_CODE, { message: ROUTE_CODE_MESSAGE })
  route_code?: string;
}

export class FreightRateBody {
  @ApiProperty({ enum: VESSEL_TYPES })
  @IsIn([...VESSEL_TYPES])
  vessel_type!: string;

  @ApiProperty({ example: 'SARTA-CNNGB', pattern: ROUTE_CODE.source })
  @Matches(ROUTE_CODE, { message: ROUTE_CODE_MESSAGE })
  route_code!: string;

  @ApiPropertyOptional({ description: 'Port slug of the load end', example: 'ras-tanura' })
  @IsOptional()
  @Matches(SLUG, { message: 'origin_port must be a port slug' })
  origin_port?: string;

  @ApiPropertyOptional({
    description: 'Port slug of the discharge end',
    example: 'ningbo-zhoushan',
  })
  @IsOptional()
  @Matches(SLUG, { message: 'destination_port must be a port slug' })
  destination_port?: string;

  @ApiProperty({ description: 'Above 0, at most 10,000,000, at most 2 decimals', example: 18.75 })
  @IsNumber(
    { allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 },
    { message: 'rate_value must be a number with at most 2 decimals' },
  )
  @IsPositive({ message: 'rate_value must be above 0' })
  @Max(10_000_000, { message: 'rate_value must be at most 10,000,000' })
  rate_value!: number;

  @ApiProperty({ enum: RATE_UNITS })
  @IsIn([...RATE_UNITS])
  rate_unit!: string;

  @ApiProperty({ description: 'YYYY-MM-DD, not after today (UTC)', example: '2026-03-30' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'assessed_on must be a date YYYY-MM-DD' })
  @IsInstant()
  assessed_on!: string;

  @ApiPropertyOptional({
    description: 'Who assessed it, `^[a-z][a-z0-9_]{0,31}$`; `index` is reserved',
    default: 'user',
  })
  @IsOptional()
  @Matches(/^[a-z][a-z0-9_]{0,31}$/, { message: 'source must match ^[a-z][a-z0-9_]{0,31}$' })
  @NotEquals('index', { message: 'source "index" is reserved for the published index' })
  source?: string;
}
