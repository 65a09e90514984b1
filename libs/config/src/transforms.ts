import { plainToInstance, Transform } from 'class-transformer';

/**
 * Environment variables are strings. These transforms turn them into typed values, and return the
 * original string when it does not parse, so the validator reports it with the variable's name.
 */
const blankToUndefined = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const ToInt = (): PropertyDecorator =>
  Transform(({ value }) => {
    const v = blankToUndefined(value);
    if (typeof v !== 'string') return v;
    return /^-?\d+$/.test(v.trim()) ? Number(v.trim()) : v;
  });

export const ToNumber = (): PropertyDecorator =>
  Transform(({ value }) => {
    const v = blankToUndefined(value);
    if (typeof v !== 'string') return v;
    const n = Number(v.trim());
    return Number.isFinite(n) ? n : v;
  });

export const ToBoolean = (): PropertyDecorator =>
  Transform(({ value }) => {
    const v = blankToUndefined(value);
    if (typeof v !== 'string') return v;
    const s = v.trim().toLowerCase();
    if (['true', '1', 'yes'].includes(s)) return true;
    if (['false', '0', 'no'].includes(s)) return false;
    return v;
  });

/** Parses a JSON-valued variable; unparseable text stays a string for the validator to reject. */
export const ToJson = (): PropertyDecorator =>
  Transform(({ value }) => {
    const v = blankToUndefined(value);
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  });

/** Parses a JSON array of objects into instances of `type`, so nested validation applies. */
export const ToJsonArrayOf = <T extends object>(type: new () => T): PropertyDecorator =>
  Transform(({ value }) => {
    if (typeof value !== 'string') return value;
    try {
      const parsed = JSON.parse(value) as unknown;
      return Array.isArray(parsed) ? plainToInstance(type, parsed as object[]) : value;
    } catch {
      return value;
    }
  });

export const Trimmed = (): PropertyDecorator =>
  Transform(({ value }) => {
    const v = blankToUndefined(value);
    return typeof v === 'string' ? v.trim() : v;
  });
