import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { ClampedInt, IsMetroSlug } from '../../../platform/api-policy/query-params';
import type { ClusterType } from '@platform/geo-domain';

export const CLUSTER_TYPES = ['HH', 'HL', 'LH', 'LL', 'TDA_DONUT'] as const;

export class SpatialDiagnosticsQuery {
  @ApiPropertyOptional({ description: 'Only this metro (default: every metro)', example: 'atx' })
  @IsOptional()
  @IsMetroSlug()
  metro_slug?: string;

  @ApiPropertyOptional({
    enum: CLUSTER_TYPES,
    description: 'Only this cluster type. Without it: the spatial outliers, HL and LH',
  })
  @IsOptional()
  @IsIn(CLUSTER_TYPES)
  type?: ClusterType;

  @ApiPropertyOptional({
    type: 'boolean',
    default: false,
    description: 'Also require the Benjamini–Hochberg q_value ≤ 0.05',
  })
  @IsOptional()
  // Only the literal strings: anything else stays a string and fails IsBoolean (400).
  @Transform(({ value }: { value: unknown }) =>
    value === 'true' ? true : value === 'false' ? false : value,
  )
  @IsBoolean({ message: 'fdr must be true or false' })
  fdr?: boolean;

  @ClampedInt({ min: 1, max: 500, default: 50 })
  limit!: number;
}
