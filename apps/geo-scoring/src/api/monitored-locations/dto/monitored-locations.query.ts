import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString } from 'class-validator';
import { ClampedInt } from '../../../platform/api-policy/query-params';

export class MonitoredLocationsQuery {
  @ApiPropertyOptional({
    enum: ['true', 'false'],
    description: 'true: only locations outside any portfolio; false: only portfolio members',
  })
  @IsOptional()
  @IsIn(['true', 'false'])
  unassigned?: 'true' | 'false';

  @ClampedInt({ min: 1, max: 500, default: 100 })
  limit!: number;

  @ApiPropertyOptional({ description: 'next_cursor of the previous page' })
  @IsOptional()
  @IsString()
  cursor?: string;
}

export class MonitoredLocationIdQuery {
  @ApiProperty({ format: 'uuid' })
  @IsString({ message: 'id must be a string' })
  id!: string;
}
