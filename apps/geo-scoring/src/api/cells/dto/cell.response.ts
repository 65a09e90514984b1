import { ApiProperty } from '@nestjs/swagger';
import { ScoredCellDto } from './scored-cell.dto';

/** GET /api/cells/{h3Index} (see docs/geo-scoring/analytics.md#metros-and-cells). */
export class CellResponse extends ScoredCellDto {
  @ApiProperty({ type: String, nullable: true, description: 'Nearest named location, if any' })
  location_name!: string | null;

  @ApiProperty({ format: 'date-time', description: 'When the current score was computed' })
  scored_at!: string;
}
