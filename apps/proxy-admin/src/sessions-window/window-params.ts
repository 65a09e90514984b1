import { ApiError } from '@platform/http';

/** Widest window the route serves: 7 days, in microseconds (exactly 7 days is allowed). */
export const MAX_WINDOW_US = 7 * 86_400 * 1_000_000;
/** Default window length when `from` is omitted: 24 hours before `to`. */
export const DEFAULT_WINDOW_US = 86_400 * 1_000_000;

/**
 * ISO 8601 instant with an explicit offset, up to microseconds (PostgreSQL's precision):
 * `2026-03-31T12:00:00Z`, `2026-03-31T12:00:00.123456+02:00`.
 */
export const INSTANT_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?(Z|[+-]\d{2}:\d{2})$/;

/** An instant as microseconds since the epoch, or null when it is not a real instant. */
export function parseInstantMicros(text: string): number | null {
  const match = INSTANT_PATTERN.exec(text);
  if (!match) return null;
  const [, y, mo, d, h, mi, s = '00', fraction = '', offset] = match as unknown as string[];
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  // Date.UTC rolls 2026-02-30 over to March: a day past the month's end is refused.
  if (new Date(utc).getUTCDate() !== day) return null;
  let offsetMinutes = 0;
  if (offset && offset !== 'Z') {
    const sign = offset.startsWith('-') ? -1 : 1;
    const [oh, om] = offset.slice(1).split(':').map(Number) as [number, number];
    if (oh > 23 || om > 59) return null;
    offsetMinutes = sign * (oh * 60 + om);
  }
  const micros = Number(fraction.padEnd(6, '0'));
  return (utc - offsetMinutes * 60_000) * 1000 + micros;
}

/** Microseconds since the epoch as `YYYY-MM-DDTHH:MM:SS.ffffffZ`. */
export function isoMicros(us: number): string {
  const ms = Math.floor(us / 1000);
  const extra = us - ms * 1000;
  return `${new Date(ms).toISOString().slice(0, -1)}${String(extra).padStart(3, '0')}Z`;
}

export interface Window {
  /** Inclusive lower bound, epoch microseconds. */
  fromUs: number;
  /** Exclusive upper bound, epoch microseconds. */
  toUs: number;
}

/**
 * Resolves `[from, to)`. `to` defaults to the present, taken inclusively (requests recorded at
 * this very instant are in); `from` defaults to `to` minus 24 hours. `from >= to` answers 400
 * `invalid_window`; a window longer than 7 days answers 400 `window_too_large`.
 */
export function resolveWindow(
  from: string | undefined,
  to: string | undefined,
  nowMs: number,
): Window {
  const nominalTo = to === undefined ? nowMs * 1000 : instant('to', to);
  const fromUs = from === undefined ? nominalTo - DEFAULT_WINDOW_US : instant('from', from);
  if (fromUs >= nominalTo) {
    throw ApiError.badRequest('invalid_window', 'from must be earlier than to', [
      { field: 'from', message: 'must be earlier than to' },
    ]);
  }
  if (nominalTo - fromUs > MAX_WINDOW_US) {
    throw ApiError.badRequest('window_too_large', 'The window from..to may span at most 7 days', [
      { field: 'from', message: 'the window may span at most 7 days' },
    ]);
  }
  const toUs = to === undefined ? nominalTo + 1 : nominalTo;
  return { fromUs, toUs };
}

function instant(field: string, text: string): number {
  const us = parseInstantMicros(text);
  if (us === null) {
    const message = `${field} must be an ISO 8601 timestamp with an offset, e.g. 2026-03-31T12:00:00Z`;
    throw ApiError.badRequest('invalid_request', message, [{ field, message }]);
  }
  return us;
}
