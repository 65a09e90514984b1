import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Min } from 'class-validator';
import { TEAM_ID_PATTERN } from './create-key.dto';

export const KEYS_PAGE_MAX = 200;

export class ListKeysQuery {
  @ApiPropertyOptional({ description: 'Only this team (required for scoped tokens)' })
  @IsOptional()
  @Matches(TEAM_ID_PATTERN, { message: 'team_id must be 1-128 characters of A-Z a-z 0-9 . _ : -' })
  team_id?: string;

  @ApiPropertyOptional({
    description: `Page size; values above ${KEYS_PAGE_MAX} are clamped`,
    default: 50,
    minimum: 1,
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value,
  )
  @IsInt()
  @Min(1)
  limit?: number;

  @ApiPropertyOptional({ description: 'next_cursor of the previous page' })
  @IsOptional()
  @IsString()
  cursor?: string;
}
