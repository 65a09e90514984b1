import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsObject, IsOptional } from 'class-validator';

export class RiskWeightsBody {
  @ApiProperty({
    description: 'Weight per risk-v1 factor: all 14 factors, each >= 0, summing to 1',
    example: { gap_duration: 0.09, gap_frequency: 0.09 },
  })
  @IsObject()
  weights!: Record<string, unknown>;
}

export class MethodologyQuery {
  @ApiPropertyOptional({ enum: ['json', 'pdf'], default: 'json' })
  @IsOptional()
  @IsIn(['json', 'pdf'])
  format?: 'json' | 'pdf';
}
