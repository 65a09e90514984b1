import { ApiProperty } from '@nestjs/swagger';

export class PlanDto {
  @ApiProperty({ enum: ['anonymous', 'free', 'starter', 'pro', 'supply_chain_risk', 'admin'] })
  plan!: string;
  @ApiProperty({ description: 'The tier string responses report' }) tier!: string;
  @ApiProperty({ description: 'Requests per minute (a key may carry its own rate)' })
  requests_per_minute!: number;
  @ApiProperty({ nullable: true, type: Number, description: 'Days of history; null = full' })
  history_days!: number | null;
  @ApiProperty() density_cap!: number;
  @ApiProperty({ nullable: true, type: Number }) alerts_limit_cap!: number | null;
  @ApiProperty({ description: 'Rows one export may return; 0 = exports refused' })
  export_rows!: number;
  @ApiProperty() webhook_channels!: boolean;
  @ApiProperty() dark_fleet!: boolean;
  @ApiProperty({ description: 'Minutes before new positions and events reach this plan' })
  priority_sync_delay_minutes!: number;
}

export class PlansResponse {
  @ApiProperty({ type: [PlanDto] }) plans!: PlanDto[];
  @ApiProperty({ description: "The caller's tier" }) tier!: string;
}

export class MeKeyDto {
  @ApiProperty() id!: string;
  @ApiProperty() prefix!: string;
  @ApiProperty() name!: string;
  @ApiProperty() owner_id!: string;
  @ApiProperty() analyst!: boolean;
  @ApiProperty() created_at!: string;
  @ApiProperty({ nullable: true, type: String }) last_used_at!: string | null;
}

export class MeUsageDto {
  @ApiProperty({ description: 'Requests counted in the last 60 seconds' })
  requests_last_minute!: number;
  @ApiProperty() remaining!: number;
  @ApiProperty({ description: 'UTC epoch second when the oldest counted request expires' })
  reset!: number;
}

export class MeResponse {
  @ApiProperty() key!: MeKeyDto;
  @ApiProperty() plan!: PlanDto;
  @ApiProperty({ description: 'Requests per minute in force for this key' })
  rate_limit_per_min!: number;
  @ApiProperty() usage!: MeUsageDto;
  @ApiProperty() tier!: string;
}
