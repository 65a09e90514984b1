import { registerDecorator, ValidationArguments } from 'class-validator';

export interface StringMapLimits {
  maxEntries: number;
  maxKeyLength: number;
  maxValueLength: number;
}

/** A flat JSON object whose values are all strings, with bounded size (free-form metadata). */
export function IsBoundedStringMap(limits: StringMapLimits): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isBoundedStringMap',
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value: unknown) => {
          if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
          const entries = Object.entries(value);
          return (
            entries.length <= limits.maxEntries &&
            entries.every(
              ([k, v]) =>
                k.length > 0 &&
                k.length <= limits.maxKeyLength &&
                typeof v === 'string' &&
                v.length <= limits.maxValueLength,
            )
          );
        },
        defaultMessage: (args?: ValidationArguments) =>
          `${args?.property ?? 'value'} must be an object of at most ${limits.maxEntries} string values (keys up to ${limits.maxKeyLength} characters, values up to ${limits.maxValueLength})`,
      },
    });
}

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]00:00)$/;

/** What a timestamp that is malformed, impossible or not in the future is told. */
export const FUTURE_TIMESTAMP_MESSAGE = (property: string): string =>
  `${property} must be a future ISO 8601 UTC timestamp, e.g. 2030-01-01T00:00:00Z`;

/**
 * An ISO 8601 timestamp in UTC (`Z` or `+00:00`) that names a real instant. Whether it lies in
 * the future is the service's check, against the injected clock (validators cannot inject it).
 */
export function IsFutureUtcTimestamp(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isFutureUtcTimestamp',
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value: unknown) => {
          if (typeof value !== 'string' || !ISO_UTC.test(value)) return false;
          const at = Date.parse(value);
          // Date.parse rolls 2026-02-30 over to March; a round trip catches impossible dates.
          return (
            Number.isFinite(at) && new Date(at).toISOString().slice(0, 10) === value.slice(0, 10)
          );
        },
        defaultMessage: (args?: ValidationArguments) =>
          FUTURE_TIMESTAMP_MESSAGE(args?.property ?? 'value'),
      },
    });
}
