// Per-line validation helpers: each reads one field of a parsed NDJSON object and throws a
// LineError naming the field, so a bad line is rejected with a message an operator can act on.
import { isRes8Cell } from '../point-locator';

/** A problem with one input line; becomes `{line, message}` in the response. */
export class LineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LineError';
  }
}

export type Fields = Record<string, unknown>;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// ISO 8601 with an explicit zone, so no record depends on the server's time zone.
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

function present(record: Fields, key: string): boolean {
  return record[key] !== undefined && record[key] !== null;
}

function missing(key: string): LineError {
  return new LineError(`${key} is required`);
}

export function str(record: Fields, key: string, maxLength = 500): string {
  const value = record[key];
  if (!present(record, key)) throw missing(key);
  if (typeof value !== 'string') throw new LineError(`${key} must be a string`);
  const trimmed = value.trim();
  if (trimmed === '') throw new LineError(`${key} must not be empty`);
  if (trimmed.length > maxLength) {
    throw new LineError(`${key} must be at most ${maxLength} characters`);
  }
  return trimmed;
}

export function optionalStr(record: Fields, key: string, maxLength = 500): string | null {
  if (!present(record, key)) return null;
  if (typeof record[key] === 'string' && record[key].trim() === '') return null;
  return str(record, key, maxLength);
}

/** A string matching `pattern`, described by `what` in the error. */
export function matching(record: Fields, key: string, pattern: RegExp, what: string): string {
  const value = str(record, key);
  if (!pattern.test(value)) throw new LineError(`${key} must be ${what}`);
  return value;
}

export function oneOf<T extends string>(record: Fields, key: string, values: readonly T[]): T {
  const value = str(record, key);
  if (!(values as readonly string[]).includes(value)) {
    throw new LineError(`${key} must be one of ${values.join(', ')}`);
  }
  return value as T;
}

export interface NumberRule {
  min?: number;
  max?: number;
  /** Exclusive lower bound. */
  above?: number;
  integer?: boolean;
}

function checkNumber(key: string, value: unknown, rule: NumberRule): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new LineError(`${key} must be a number`);
  }
  if (rule.integer && !Number.isSafeInteger(value)) {
    throw new LineError(`${key} must be an integer`);
  }
  const { min, max, above } = rule;
  if ((min !== undefined && value < min) || (max !== undefined && value > max)) {
    const range =
      min !== undefined && max !== undefined
        ? `between ${min} and ${max}`
        : min !== undefined
          ? `at least ${min}`
          : `at most ${max}`;
    throw new LineError(`${key} must be ${range}`);
  }
  if (above !== undefined && value <= above) {
    throw new LineError(`${key} must be greater than ${above}`);
  }
  return value;
}

export function num(record: Fields, key: string, rule: NumberRule = {}): number {
  if (!present(record, key)) throw missing(key);
  return checkNumber(key, record[key], rule);
}

export function optionalNum(record: Fields, key: string, rule: NumberRule = {}): number | null {
  return present(record, key) ? checkNumber(key, record[key], rule) : null;
}

export function latLng(record: Fields): { lat: number; lng: number } {
  return {
    lat: num(record, 'lat', { min: -90, max: 90 }),
    lng: num(record, 'lng', { min: -180, max: 180 }),
  };
}

function isCalendarDate(y: string, m: string, d: string): boolean {
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return date.toISOString().slice(0, 10) === `${y}-${m}-${d}`;
}

function checkDate(key: string, value: unknown): string {
  if (typeof value !== 'string') throw new LineError(`${key} must be a date (YYYY-MM-DD)`);
  const match = DATE.exec(value);
  if (match === null || !isCalendarDate(match[1], match[2], match[3])) {
    throw new LineError(`${key} must be a date (YYYY-MM-DD)`);
  }
  return value;
}

export function date(record: Fields, key: string): string {
  if (!present(record, key)) throw missing(key);
  return checkDate(key, record[key]);
}

export function optionalDate(record: Fields, key: string): string | null {
  return present(record, key) ? checkDate(key, record[key]) : null;
}

/**
 * An ISO 8601 timestamp with a zone (`Z` or `±hh:mm`), returned normalised to UTC
 * (`toISOString()`). With `allowDate`, a bare `YYYY-MM-DD` means midnight UTC.
 */
export function timestamp(record: Fields, key: string, allowDate = false): string {
  if (!present(record, key)) throw missing(key);
  const value = record[key];
  const expected = `${key} must be an ISO 8601 timestamp with a time zone${allowDate ? ' or a date' : ''}`;
  if (typeof value !== 'string') throw new LineError(expected);
  if (allowDate && DATE.test(value)) return `${checkDate(key, value)}T00:00:00.000Z`;
  const match = TIMESTAMP.exec(value);
  if (
    match === null ||
    !isCalendarDate(match[1], match[2], match[3]) ||
    Number(match[4]) > 23 ||
    Number(match[5]) > 59 ||
    Number(match[6] ?? 0) > 59 ||
    Number(match[7] ?? 0) > 23 ||
    Number(match[8] ?? 0) > 59
  ) {
    throw new LineError(expected);
  }
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new LineError(expected);
  return new Date(ms).toISOString();
}

export function bool(record: Fields, key: string, fallback: boolean): boolean {
  if (!present(record, key)) return fallback;
  if (typeof record[key] !== 'boolean') throw new LineError(`${key} must be true or false`);
  return record[key];
}

/** A res-8 H3 index in the stored lowercase form. */
export function res8Cell(record: Fields, key: string): string {
  const value = str(record, key, 15);
  if (!isRes8Cell(value)) throw new LineError(`${key} must be a valid resolution-8 H3 index`);
  return value;
}

export const GEOID = /^\d{11}$/;

/** UTC date of a normalised ISO timestamp. */
export function utcDay(isoTimestamp: string): string {
  return new Date(isoTimestamp).toISOString().slice(0, 10);
}
