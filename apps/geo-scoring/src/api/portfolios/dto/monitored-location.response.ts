import { ApiProperty } from '@nestjs/swagger';

/** A portfolio member, or an unassigned monitored location (portfolio_id null). */
export class MonitoredLocation {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ type: 'string', format: 'uuid', nullable: true })
  portfolio_id!: string | null;

  @ApiProperty()
  name!: string;

  @ApiProperty()
  lat!: number;

  @ApiProperty()
  lng!: number;

  @ApiProperty({ description: 'H3 cell of the point at resolution 8, computed by the server' })
  h3_index!: string;

  @ApiProperty({ type: 'string', nullable: true })
  address!: string | null;

  @ApiProperty({
    type: 'number',
    nullable: true,
    description: "The cell's composite at the last refresh that found one; null until then",
  })
  last_score!: number | null;

  @ApiProperty({ type: 'string', nullable: true })
  last_scored_at!: string | null;

  @ApiProperty()
  created_at!: string;
}

export class MembersAdded {
  @ApiProperty({ type: 'integer' })
  added!: number;

  @ApiProperty({ type: [MonitoredLocation], description: 'In the order sent' })
  members!: MonitoredLocation[];
}
