import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { ClampedInt } from '../../../platform/api-policy/query-params';

export const FLOW_DIRECTIONS = ['inbound', 'outbound', 'both'] as const;
export type FlowDirection = (typeof FLOW_DIRECTIONS)[number];

export class CommuterFlowsQuery {
  @ApiProperty({
    description: '11-digit Census tract GEOID',
    pattern: '^\\d{11}$',
    example: '48453001100',
  })
  @IsString()
  @Matches(/^\d{11}$/, { message: 'tract must be an 11-digit Census tract GEOID' })
  tract!: string;

  @ApiPropertyOptional({
    enum: FLOW_DIRECTIONS,
    default: 'both',
    description: 'Which side(s) to return; only the requested sides are present',
  })
  @IsOptional()
  @IsIn(FLOW_DIRECTIONS)
  direction?: FlowDirection;

  /** Flows listed per side. */
  @ClampedInt({ min: 1, max: 100, default: 20 })
  limit!: number;
}
