import { ApiProperty } from '@nestjs/swagger';

export class PortMonth {
  @ApiProperty({ example: '2025-06', description: 'YYYY-MM' })
  month!: string;

  @ApiProperty({ type: 'integer', description: 'Twenty-foot equivalent units handled' })
  teu!: number;

  @ApiProperty({ type: 'integer' })
  vessel_calls!: number;
}

export class PortsResponse {
  @ApiProperty({ example: 'port-houston' })
  port_slug!: string;

  @ApiProperty({ example: 'Port Houston' })
  port_name!: string;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'TEU of the latest month with data (null when the port has none)',
  })
  latest_teu!: number | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'Latest month vs the same month a year earlier, percent, 2 decimals; null when that month ' +
      'is missing or 0',
  })
  yoy_change_pct!: number | null;

  @ApiProperty({
    type: [PortMonth],
    description: 'The last `months` calendar months up to the latest month with data, ascending',
  })
  monthly!: PortMonth[];
}
