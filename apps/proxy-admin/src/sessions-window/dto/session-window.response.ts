import { ApiProperty } from '@nestjs/swagger';

export class SessionWindowRow {
  @ApiProperty({ description: 'X-Session-Id, or `<key_id>:<YYYY-MM-DDTHH>` without one' })
  session_id!: string;

  @ApiProperty({ type: String, nullable: true })
  team_id!: string | null;

  @ApiProperty({ description: 'Answered (2xx) requests' })
  turns!: number;

  @ApiProperty({ description: 'Turns that re-asked an earlier turn (edit or retry)' })
  edit_retry_turns!: number;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: '1 - edit_retry_turns / turns; null when turns is 0',
  })
  one_shot_rate!: number | null;

  @ApiProperty({ type: String, nullable: true, description: 'Model with the most requests' })
  primary_model!: string | null;

  @ApiProperty({ description: 'Token cost plus web-search surcharges, USD' })
  total_cost_usd!: number;

  @ApiProperty({ format: 'date-time' })
  first_request_at!: string;

  @ApiProperty({ format: 'date-time' })
  last_request_at!: string;
}

export class SessionWindowResponse {
  @ApiProperty({ type: [SessionWindowRow] })
  sessions!: SessionWindowRow[];

  @ApiProperty({ type: String, nullable: true })
  next_cursor!: string | null;
}
