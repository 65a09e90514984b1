import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { IsBoundedStringMap, IsFutureUtcTimestamp } from './string-map.validator';

export const TEAM_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

export class CreateKeyDto {
  @ApiProperty({ description: 'Label of the key', maxLength: 200, example: 'ci-pipeline' })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  alias!: string;

  @ApiPropertyOptional({
    description: 'Owning team; scoped admin tokens see only their teams',
    example: 'team-a',
  })
  @IsOptional()
  @Matches(TEAM_ID_PATTERN, { message: 'team_id must be 1-128 characters of A-Z a-z 0-9 . _ : -' })
  team_id?: string;

  @ApiPropertyOptional({
    description: 'Model names (or aliases) the key may use; omitted: every configured model',
    type: [String],
    maxItems: 100,
  })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @ArrayUnique()
  @IsString({ each: true })
  @MinLength(1, { each: true })
  @MaxLength(200, { each: true })
  allowed_models?: string[];

  @ApiPropertyOptional({
    description: 'Future ISO 8601 UTC time after which the key answers 401 key_expired',
  })
  @IsOptional()
  @IsFutureUtcTimestamp()
  expires_at?: string;

  @ApiPropertyOptional({
    description: 'Requests per minute (sliding 60 s window)',
    minimum: 1,
    maximum: 1_000_000,
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  rpm?: number;

  @ApiPropertyOptional({
    description: 'Tokens per minute (prompt + completion)',
    minimum: 1,
    maximum: 1_000_000_000,
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1_000_000_000)
  tpm?: number;

  @ApiPropertyOptional({
    description: 'Budget per calendar month (UTC) in USD, up to 6 decimals',
    minimum: 0.000001,
  })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 6 })
  @Min(0.000001)
  @Max(1_000_000_000)
  monthly_budget_usd?: number;

  @ApiPropertyOptional({
    description:
      'Free-form string map: at most 50 entries, keys up to 64 and values up to 512 characters',
    type: 'object',
    additionalProperties: { type: 'string' },
  })
  @IsOptional()
  @IsBoundedStringMap({ maxEntries: 50, maxKeyLength: 64, maxValueLength: 512 })
  metadata?: Record<string, string>;
}
