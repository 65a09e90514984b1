import { Transform } from 'class-transformer';
import { registerDecorator, type ValidationArguments } from 'class-validator';
import { isValidImo } from '@platform/maritime-domain';

/** Seven digits with a correct IMO check digit (9074729 passes, 9999999 does not). */
export function IsImo(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isImo',
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value: unknown) => typeof value === 'string' && isValidImo(value),
        defaultMessage: (args?: ValidationArguments) =>
          `${args?.property ?? 'imo'} must be a 7-digit IMO number with a valid check digit`,
      },
    });
}

/**
 * A whole-number `limit` query parameter: below 1 or not an integer is refused by the
 * validators; above `max` is clamped to it (the clamped value is what responses echo).
 */
export function ClampLimit(max: number): PropertyDecorator {
  return Transform(({ value, obj, key }: { value: unknown; obj: unknown; key: string }) => {
    // Runs after @Type(() => Number) has turned the query string into a number, which reads
    // "0x10", "1e2", "+5" and " 5" as numbers too; a limit is written in plain digits.
    const raw = (obj as Record<string, unknown>)[key];
    if (typeof raw === 'string' && !/^-?\d+$/.test(raw)) return Number.NaN;
    if (typeof value === 'number') return Number.isInteger(value) && value > max ? max : value;
    if (typeof value !== 'string' || !/^\d+$/.test(value)) return value;
    const n = Number(value);
    return Number.isSafeInteger(n) ? Math.min(n, max) : max;
  });
}

/** A `YYYY-MM-DD` or ISO 8601 instant query parameter that names a real time. */
export function IsInstant(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isInstant',
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value: unknown) => typeof value === 'string' && parseInstant(value) !== null,
        defaultMessage: (args?: ValidationArguments) =>
          `${args?.property ?? 'value'} must be an ISO 8601 UTC timestamp or a date YYYY-MM-DD`,
      },
    });
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** The instant a `YYYY-MM-DD` (its UTC midnight) or ISO timestamp names, or null. */
export function parseInstant(value: string): Date | null {
  if (!ISO_INSTANT.test(value)) return null;
  const ms = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(ms)) return null;
  // Date.parse rolls 2026-02-30 over to March; the round trip refuses impossible dates.
  if (
    new Date(ms).toISOString().slice(0, 10) !== value.slice(0, 10) &&
    !/[+-]\d{2}:\d{2}$/.test(value)
  )
    return null;
  return new Date(ms);
}
