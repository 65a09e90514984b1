import { ApiProperty } from '@nestjs/swagger';
import { ONE_SHOT_PERIODS } from './one-shot.query';

export class OneShotSummary {
  @ApiProperty({ description: 'Sessions whose last request is in the period' })
  sessions!: number;

  @ApiProperty({ description: 'Answered requests of those sessions' })
  turns!: number;

  @ApiProperty()
  edit_retry_turns!: number;

  @ApiProperty({ type: Number, nullable: true, description: '1 - edit_retry_turns / turns' })
  one_shot_rate!: number | null;

  @ApiProperty()
  total_cost_usd!: number;

  @ApiProperty()
  web_search_calls!: number;
}

export class OneShotModelRow {
  @ApiProperty({ description: "The sessions' primary model" })
  model!: string;

  @ApiProperty()
  sessions!: number;

  @ApiProperty()
  turns!: number;

  @ApiProperty()
  edit_retry_turns!: number;

  @ApiProperty({ type: Number, nullable: true })
  one_shot_rate!: number | null;

  @ApiProperty()
  total_cost_usd!: number;
}

export class OneShotResponse {
  @ApiProperty({ enum: ONE_SHOT_PERIODS })
  period!: string;

  @ApiProperty({ type: OneShotSummary })
  summary!: OneShotSummary;

  @ApiProperty({ type: [OneShotModelRow], description: 'By primary model, most turns first' })
  by_model!: OneShotModelRow[];
}
