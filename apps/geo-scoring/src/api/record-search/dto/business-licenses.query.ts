import { ApiPropertyOptional } from '@nestjs/swagger';
import type { PioneerTier } from '@platform/geo-domain';
import { IsIn, IsOptional, Matches } from 'class-validator';
import { IsMetroSlug } from '../../../platform/api-policy/query-params';
import { RecordSearchPaging, SearchText } from './search-params';

export const PIONEER_TIERS: readonly PioneerTier[] = [
  'Pioneer',
  'Advanced',
  'Mature',
  'Dormant',
  'None',
];
export const LICENCE_SORTS = ['source_loaded_at', 'occurred_at', 'metro_slug'] as const;
export type LicenceSort = (typeof LICENCE_SORTS)[number];

export class BusinessLicenseSearchQuery extends RecordSearchPaging {
  @ApiPropertyOptional({ description: 'Metro slug', example: 'atx' })
  @IsOptional()
  @IsMetroSlug()
  metro?: string;

  @SearchText('Case-insensitive substring of the address')
  address?: string;

  @ApiPropertyOptional({ description: 'NAICS code prefix, 2 to 6 digits', example: '7225' })
  @IsOptional()
  @Matches(/^\d{2,6}$/, { message: 'naics must be 2 to 6 digits' })
  naics?: string;

  @ApiPropertyOptional({ enum: PIONEER_TIERS })
  @IsOptional()
  @IsIn(PIONEER_TIERS)
  pioneer_tier?: PioneerTier;

  @ApiPropertyOptional({ enum: LICENCE_SORTS, default: 'source_loaded_at' })
  @IsOptional()
  @IsIn(LICENCE_SORTS)
  sort?: LicenceSort;
}
