import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Min } from 'class-validator';
import { INSTANT_PATTERN } from '../window-params';

export const WINDOW_PAGE_DEFAULT = 200;
export const WINDOW_PAGE_MAX = 1000;

const INSTANT_MESSAGE = (field: string): string =>
  `${field} must be an ISO 8601 timestamp with an offset, e.g. 2026-03-31T12:00:00Z`;

export class WindowQuery {
  @ApiPropertyOptional({
    description: 'Inclusive start (ISO 8601 with offset); default `to` minus 24 hours',
    example: '2026-03-30T00:00:00Z',
  })
  @IsOptional()
  @IsString()
  @Matches(INSTANT_PATTERN, { message: INSTANT_MESSAGE('from') })
  from?: string;

  @ApiPropertyOptional({
    description: 'Exclusive end (ISO 8601 with offset); default now. At most 7 days after `from`',
    example: '2026-03-31T00:00:00Z',
  })
  @IsOptional()
  @IsString()
  @Matches(INSTANT_PATTERN, { message: INSTANT_MESSAGE('to') })
  to?: string;

  @ApiPropertyOptional({
    description: `Page size; values above ${WINDOW_PAGE_MAX} are clamped`,
    default: WINDOW_PAGE_DEFAULT,
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
