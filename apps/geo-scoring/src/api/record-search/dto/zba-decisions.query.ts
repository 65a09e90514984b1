import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsArray, IsIn, IsOptional, ValidateBy } from 'class-validator';
import {
  JURISDICTIONS,
  ZBA_OUTCOMES,
} from '../../../pipeline/ingest/datasets/zba-decisions.dataset';
import { RecordSearchPaging, SearchText } from './search-params';

export type Jurisdiction = (typeof JURISDICTIONS)[number];
export type ZbaOutcome = (typeof ZBA_OUTCOMES)[number];

const BY_LOWER_CASE = new Map<string, Jurisdiction>(
  JURISDICTIONS.map((name) => [name.toLowerCase(), name]),
);

/**
 * `jurisdiction` repeated and/or comma-separated, any case, into canonical names; a value that
 * names no jurisdiction is kept as it came so validation refuses it.
 */
function toJurisdictions(value: unknown): unknown {
  const values = Array.isArray(value) ? value : [value];
  if (!values.every((item): item is string => typeof item === 'string')) return value;
  return values
    .flatMap((item) => item.split(','))
    .map((item) => BY_LOWER_CASE.get(item.trim().toLowerCase()) ?? item);
}

function isCalendarDate(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().startsWith(value);
}

function OptionalDate(): PropertyDecorator {
  return ValidateBy({
    name: 'calendarDate',
    validator: {
      validate: (value: unknown) => value === undefined || isCalendarDate(value),
      defaultMessage: (args) => `${args?.property ?? 'value'} must be a date YYYY-MM-DD`,
    },
  });
}

export class ZbaDecisionSearchQuery extends RecordSearchPaging {
  @ApiPropertyOptional({
    type: [String],
    enum: JURISDICTIONS,
    description: 'Repeatable or comma-separated, case-insensitive',
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => toJurisdictions(value))
  @IsArray({ message: 'jurisdiction must name jurisdictions' })
  @IsIn(JURISDICTIONS, {
    each: true,
    message: `jurisdiction must be among ${JURISDICTIONS.join(', ')}`,
  })
  jurisdiction?: Jurisdiction[];

  @SearchText('Case-insensitive substring of the case number or the address')
  q?: string;

  @ApiPropertyOptional({ enum: ZBA_OUTCOMES })
  @IsOptional()
  @IsIn(ZBA_OUTCOMES)
  outcome?: ZbaOutcome;

  @SearchText('Case-insensitive substring of the variance type')
  variance_type?: string;

  @ApiPropertyOptional({ format: 'date', description: 'First decision date, inclusive' })
  @OptionalDate()
  decided_from?: string;

  @ApiPropertyOptional({ format: 'date', description: 'Last decision date, inclusive' })
  @OptionalDate()
  decided_to?: string;
}
