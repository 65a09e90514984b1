import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Min } from 'class-validator';
import { ClampLimit } from './maritime-validators';

type Constructor<T> = new () => T;

/**
 * Query parameters of a list: `limit` (a whole number from 1; above `max` it is clamped and the
 * clamped value is echoed) with its documented default, for lists that are not paged by cursor.
 */
export function LimitQuery(max: number, fallback: number): Constructor<{ limit?: number }> {
  class Limit {
    @ApiPropertyOptional({ default: fallback, maximum: max })
    @IsOptional()
    @ClampLimit(max)
    @Type(() => Number)
    @IsInt({ message: 'limit must be a whole number' })
    @Min(1)
    limit?: number;
  }
  return Limit;
}

/** `limit` as in LimitQuery, plus the `cursor` of a keyset-paged list. */
export function PageQuery(
  max: number,
  fallback: number,
): Constructor<{ limit?: number; cursor?: string }> {
  class Page extends LimitQuery(max, fallback) {
    @ApiPropertyOptional({ description: 'next_cursor of the previous page' })
    @IsOptional()
    @IsString()
    cursor?: string;
  }
  return Page;
}
