import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import {
  ADJUDICATION_STATUSES,
  REASON_CODE_PATTERN,
  SUPPRESSION_HOURS,
  type AdjudicationStatus,
} from '@platform/maritime-domain';

export const SIGNAL_TYPES = [
  'dark_event',
  'spoofing',
  'sts_transfer',
  'destination_deception',
  'draft_anomaly',
] as const;

export class SignalFeedbackBody {
  @ApiProperty({ description: 'The signal id from the list (its source row id)', example: '42' })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value,
  )
  @IsString()
  @Matches(/^[1-9][0-9]{0,17}$/, { message: 'signal_id must be a positive whole number' })
  signal_id!: string;

  @ApiProperty({ enum: SIGNAL_TYPES })
  @IsIn(SIGNAL_TYPES)
  signal_type!: string;

  @ApiProperty({ enum: ADJUDICATION_STATUSES })
  @IsIn(ADJUDICATION_STATUSES)
  status!: AdjudicationStatus;

  @ApiPropertyOptional({ example: 'known_maintenance', pattern: REASON_CODE_PATTERN.source })
  @IsOptional()
  @IsString()
  @Matches(REASON_CODE_PATTERN, { message: 'reason_code must match ^[a-z][a-z0-9_]{1,63}$' })
  reason_code?: string;

  @ApiPropertyOptional({ maxLength: 10_000 })
  @IsOptional()
  @IsString()
  @MaxLength(10_000)
  notes?: string;

  @ApiPropertyOptional({
    enum: SUPPRESSION_HOURS,
    description: 'Hold back repeats of this signal type on this vessel for this many hours',
  })
  @IsOptional()
  @IsIn(SUPPRESSION_HOURS)
  suppression_hours?: number;
}
