import { ApiProperty } from '@nestjs/swagger';
import { MonitoredLocation } from './monitored-location.response';

export class PortfolioSummaryResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'Mean last_score of the scored members, rounded half up; null when none is scored',
  })
  composite_score!: number | null;

  @ApiProperty({ type: 'integer' })
  member_count!: number;

  @ApiProperty({ type: 'integer', description: 'Members with a last_score' })
  scored_count!: number;

  @ApiProperty({ type: 'integer', description: 'Scored members with last_score ≥ 70' })
  above_threshold_count!: number;

  @ApiProperty({ type: 'integer', description: 'Scored members with last_score < 70' })
  below_threshold_count!: number;

  @ApiProperty({ type: 'string', nullable: true, description: 'Last refresh, ISO 8601 UTC' })
  last_refreshed_at!: string | null;

  @ApiProperty()
  created_at!: string;

  @ApiProperty()
  updated_at!: string;
}

export class PortfolioList {
  @ApiProperty({ type: [PortfolioSummaryResponse], description: 'Newest first' })
  portfolios!: PortfolioSummaryResponse[];
}

export class PortfolioDetail extends PortfolioSummaryResponse {
  @ApiProperty({ type: [MonitoredLocation], description: 'In the order they were added' })
  members!: MonitoredLocation[];
}

export class PortfolioDeleted {
  @ApiProperty({ example: true })
  success!: true;

  @ApiProperty({
    type: 'integer',
    description:
      'Members moved to the unassigned monitor list (GET /api/monitored-locations?unassigned=true)',
  })
  unassigned_members!: number;
}

export class PortfolioRefreshed {
  @ApiProperty({ type: 'integer', description: 'Members touched (all of them)' })
  refreshed!: number;

  @ApiProperty({ type: 'integer', description: 'Members whose cell has a current composite' })
  scored!: number;

  @ApiProperty({ type: PortfolioSummaryResponse })
  portfolio!: PortfolioSummaryResponse;
}
