import { ApiProperty } from '@nestjs/swagger';
import { MonitoredLocation } from '../../portfolios/dto/monitored-location.response';

export class MonitoredLocationList {
  @ApiProperty({ type: [MonitoredLocation], description: 'In the order they were added' })
  monitored_locations!: MonitoredLocation[];

  @ApiProperty({ type: 'string', nullable: true, description: 'null on the last page' })
  next_cursor!: string | null;
}
