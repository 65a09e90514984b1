import { ApiProperty } from '@nestjs/swagger';
import { ClampedInt, IsPortSlug } from '../../../platform/api-policy/query-params';

export class PortsQueryDto {
  @ApiProperty({ description: 'Port slug, e.g. port-houston', example: 'port-houston' })
  @IsPortSlug()
  port_slug!: string;

  @ClampedInt({ min: 1, max: 60, default: 12 })
  months!: number;
}
