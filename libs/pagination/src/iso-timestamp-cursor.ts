import type { CursorCodec, CursorPosition } from './cursor-codec';
import { invalidCursor } from './invalid-cursor';

/**
 * What a cursor parameter that also accepts an ISO timestamp decodes to:
 * - `keyset`: an opaque cursor we issued; query `WHERE (sort, id) < ($sort, $id)`.
 * - `timestamp`: a client-chosen time; query `WHERE sort < $before` (no id tie-breaker).
 */
export type CursorOrTimestamp =
  | { kind: 'keyset'; position: CursorPosition }
  | {
      kind: 'timestamp';
      /** The instant in UTC, `YYYY-MM-DDTHH:MM:SS.ffffffZ` (microseconds, as PostgreSQL stores). */
      before: string;
    };

// Date, optionally followed by a time with optional seconds, fraction (up to nanoseconds) and
// offset. A space stands for "+" in the offset: an unencoded "+02:00" in a query string arrives so.
const ISO_8601 =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?([Zz]|[+\- ]\d{2}:?\d{2})?)?$/;

/**
 * Decodes a cursor parameter that may be either one of our opaque cursors or an ISO-8601 timestamp,
 * for lists whose cursor is a time (no route uses it yet; planned for maritime's alert feeds)
 * (see docs/decisions/0004-hmac-authenticated-keyset-cursors.md#decision). Both forms are told
 * apart by shape: a timestamp always starts with `YYYY-MM-DD`, which our cursors
 * (`<payload>.<mac>`, with a JSON-array payload starting `Wy`) never do.
 *
 * A time without an offset is read as UTC; a bare date means its UTC midnight. Anything else
 * throws `ApiError(400, 'invalid_cursor')`.
 */
export function decodeCursorOrIsoTimestamp(codec: CursorCodec, value: unknown): CursorOrTimestamp {
  if (typeof value === 'string') {
    const match = ISO_8601.exec(value);
    if (match) {
      return { kind: 'timestamp', before: normaliseIsoTimestamp(match) };
    }
  }
  return { kind: 'keyset', position: codec.decode(value) };
}

function normaliseIsoTimestamp(match: RegExpExecArray): string {
  const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '', offset = 'Z'] =
    match;
  const [y, mo, d, h, mi, s] = [year, month, day, hour, minute, second].map(Number) as number[];
  const nanos = fraction.padEnd(9, '0');
  const millis = Number(nanos.slice(0, 3));
  const microsWithinMilli = nanos.slice(3, 6); // beyond microseconds PostgreSQL cannot store anyway

  // Set fields one by one (Date.UTC maps years 0-99 to 1900-1999) and read them back: a field
  // out of range (month 13, 30 February, 25:00) rolls over and no longer matches.
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, s, millis);
  const rolledOver =
    date.getUTCFullYear() !== y ||
    date.getUTCMonth() !== mo - 1 ||
    date.getUTCDate() !== d ||
    date.getUTCHours() !== h ||
    date.getUTCMinutes() !== mi ||
    date.getUTCSeconds() !== s;
  if (rolledOver) {
    throw invalidCursor(`cursor "${match[0]}" is not a valid ISO-8601 timestamp`);
  }

  const offsetMinutes = parseOffsetMinutes(offset);
  if (offsetMinutes === null) {
    throw invalidCursor(`cursor "${match[0]}" has an invalid UTC offset`);
  }
  const utc = new Date(date.getTime() - offsetMinutes * 60_000);
  if (Number.isNaN(utc.getTime()) || utc.getUTCFullYear() < 1 || utc.getUTCFullYear() > 9999) {
    throw invalidCursor(`cursor "${match[0]}" is out of range`);
  }
  // toISOString ends in ".sssZ"; add the microseconds the Date cannot hold.
  return `${utc.toISOString().slice(0, -1)}${microsWithinMilli}Z`;
}

/** Minutes east of UTC for `Z`, `+hh:mm` or `+hhmm`; null when hours or minutes are out of range. */
function parseOffsetMinutes(offset: string): number | null {
  if (offset === 'Z' || offset === 'z') return 0;
  const digits = offset.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2, 4));
  if (hours > 23 || minutes > 59) return null;
  const sign = offset.startsWith('-') ? -1 : 1; // "+" or a space (a URL-decoded "+")
  return sign * (hours * 60 + minutes);
}
