import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, ValidateBy } from 'class-validator';
import { codePointLength, StorableText } from '../../../platform/api-policy/dashboard-params';
import { ClampedInt } from '../../../platform/api-policy/query-params';

export const SORT_ORDERS = ['desc', 'asc'] as const;
export const EXPORT_FORMATS = ['json', 'csv'] as const;

/** An optional text filter matched as a substring: 2 to 200 characters. */
export function SearchText(description: string): PropertyDecorator {
  return applyDecorators(
    IsOptional(),
    IsString({ message: ({ property }) => `${property} must be a string` }),
    ValidateBy({
      name: 'searchText',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' && codePointLength(value) >= 2 && codePointLength(value) <= 200,
        defaultMessage: (args) => `${args?.property ?? 'value'} must be 2 to 200 characters`,
      },
    }),
    StorableText(),
    ApiPropertyOptional({ description, minLength: 2, maxLength: 200 }),
  );
}

/** Paging and output parameters both record searches share. */
export class RecordSearchPaging {
  @ApiPropertyOptional({ enum: SORT_ORDERS, default: 'desc' })
  @IsOptional()
  @IsIn(SORT_ORDERS)
  order?: (typeof SORT_ORDERS)[number];

  @ClampedInt({ min: 1, max: 200, default: 50 })
  limit!: number;

  @ApiPropertyOptional({ description: 'next_cursor of the previous page (X-Next-Cursor in CSV)' })
  @IsOptional()
  @IsString({ message: 'cursor must be a string' })
  cursor?: string;

  @ApiPropertyOptional({
    enum: EXPORT_FORMATS,
    default: 'json',
    description: 'csv: the same page as a CSV attachment',
  })
  @IsOptional()
  @IsIn(EXPORT_FORMATS)
  format?: (typeof EXPORT_FORMATS)[number];
}
