import { ApiPropertyOptional } from '@nestjs/swagger';
import { DENSITY_HARD_CAP, VESSEL_TYPES } from '@platform/maritime-domain';
import { IsIn, IsOptional, registerDecorator, type ValidationArguments } from 'class-validator';
import { parseInstant } from '../../../platform/validation/maritime-validators';
import { LimitQuery } from '../../../platform/validation/page-query';

/** A real calendar day written `YYYY-MM-DD` (2026-02-30 is refused). */
export function IsDay(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isDay',
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !!parseInstant(value),
        defaultMessage: (args?: ValidationArguments) =>
          `${args?.property ?? 'day'} must be a UTC day YYYY-MM-DD`,
      },
    });
}

export const DENSITY_DEFAULT_TYPE = 'bulk_carrier';

/**
 * `limit` above 1000 is clamped to 1000 here; the plan's cap then lowers it further, and the
 * value used is echoed as `limit_applied`.
 */
export class DensityQuery extends LimitQuery(DENSITY_HARD_CAP, DENSITY_HARD_CAP) {
  @ApiPropertyOptional({
    enum: VESSEL_TYPES,
    default: DENSITY_DEFAULT_TYPE,
    description: 'One vessel type; there is no `all` aggregate',
  })
  @IsOptional()
  @IsIn(VESSEL_TYPES)
  type?: string;

  @ApiPropertyOptional({ description: 'UTC day YYYY-MM-DD before today; default yesterday' })
  @IsOptional()
  @IsDay()
  day?: string;
}
