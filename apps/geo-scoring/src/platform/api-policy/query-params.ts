import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Expose, Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, Min, ValidateBy } from 'class-validator';
import { getResolution, isValidCell } from 'h3-js';
import { METRO_SLUG_PATTERN, PORT_SLUG_PATTERN } from '@platform/geo-domain';

// Query values arrive as strings. Only plain decimal integers are integers: "1e3", "12.0", "0x10",
// " 5" and "" are refused rather than guessed at
// (see docs/geo-scoring/read-routes.md#parameter-policy).
const INTEGER = /^[+-]?\d{1,15}$/;

function toInteger(value: unknown): unknown {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && INTEGER.test(value)) return Number(value);
  return value;
}

/**
 * A size or window parameter (see docs/geo-scoring/read-routes.md#parameter-policy): absent → the
 * default, out of range → clamped, anything that is not an integer (including a repeated parameter)
 * → 400 invalid_request.
 */
export function ClampedInt(options: {
  min: number;
  max: number;
  default: number;
}): PropertyDecorator {
  const { min, max } = options;
  return applyDecorators(
    // Exposed so the transform also runs when the parameter is absent, and fills the default.
    Expose(),
    Transform(({ value }: { value: unknown }) => {
      if (value === undefined) return options.default;
      const parsed = toInteger(value);
      return typeof parsed === 'number' && Number.isInteger(parsed)
        ? Math.min(max, Math.max(min, parsed))
        : parsed;
    }),
    IsInt({ message: ({ property }) => `${property} must be an integer` }),
    ApiPropertyOptional({
      type: 'integer',
      minimum: min,
      maximum: max,
      default: options.default,
      description: `Clamped into ${min}..${max}.`,
    }),
  );
}

/** An optional integer threshold that is validated, never clamped (e.g. compositeMin 0..100). */
export function OptionalIntInRange(min: number, max: number): PropertyDecorator {
  return applyDecorators(
    IsOptional(),
    Transform(({ value }: { value: unknown }) => toInteger(value)),
    IsInt({ message: ({ property }) => `${property} must be an integer` }),
    Min(min),
    Max(max),
    ApiPropertyOptional({ type: 'integer', minimum: min, maximum: max }),
  );
}

export function isRes8Cell(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    /^[0-9a-f]{15}$/.test(value) &&
    isValidCell(value) &&
    getResolution(value) === 8
  );
}

/** A valid resolution-8 H3 index (15 lowercase hex characters). */
export function IsRes8Cell(): PropertyDecorator {
  return applyDecorators(
    IsString(),
    ValidateBy({
      name: 'isRes8Cell',
      validator: {
        validate: (value: unknown) => isRes8Cell(value),
        defaultMessage: (args) =>
          `${args?.property ?? 'value'} must be a valid resolution-8 H3 index`,
      },
    }),
  );
}

/**
 * A metro slug parameter. A value that cannot be a slug ("ATX", "", a repeated parameter) is a bad
 * request, 400 invalid_request; only a well-formed unknown slug is 404
 * metro_not_found. Combine with IsOptional() for optional parameters. Swagger metadata is merged
 * into the property's own ApiProperty/ApiPropertyOptional.
 */
export function IsMetroSlug(): PropertyDecorator {
  return applyDecorators(
    IsString({ message: ({ property }) => `${property} must be a string` }),
    Matches(METRO_SLUG_PATTERN, {
      message: ({ property }) => `${property} must be 2 to 10 lowercase letters`,
    }),
    ApiProperty({ type: 'string', pattern: METRO_SLUG_PATTERN.source }),
  );
}

/** A port slug parameter; malformed → 400 invalid_request, well-formed unknown → 404. */
export function IsPortSlug(): PropertyDecorator {
  return applyDecorators(
    IsString({ message: ({ property }) => `${property} must be a string` }),
    Matches(PORT_SLUG_PATTERN, {
      message: ({ property }) =>
        `${property} must be 2 to 63 lowercase letters, digits or hyphens, not starting with a hyphen`,
    }),
    ApiProperty({ type: 'string', pattern: PORT_SLUG_PATTERN.source }),
  );
}
