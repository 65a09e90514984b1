import { ApiError } from '@platform/http';
import { CursorCodec, CursorPosition } from '@platform/pagination';

/** Sort keys as the searches write them into cursors. */
export const SORT_KEY_SHAPES = {
  timestamp: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  slug: /^[a-z]{2,10}$/,
} as const;

/** SQL that renders a timestamptz as the sort key text above, at full (microsecond) precision. */
export function timestampKey(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** SQL that renders a timestamptz as ISO 8601 UTC with milliseconds, as every route shows time. */
export function isoTimestamp(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * The keyset position of a cursor, or null without one. Cursors are HMAC-authenticated per list
 * (and per sort and order), so a tampered or foreign one is 400 invalid_cursor; the shape check
 * keeps even a validly signed oddity away from the SQL casts.
 */
export function cursorPosition(
  codec: CursorCodec,
  cursor: string | undefined,
  shape: RegExp,
): { sort: string; id: string } | null {
  if (cursor === undefined) return null;
  const position: CursorPosition = codec.decode(cursor);
  if (
    typeof position.sort !== 'string' ||
    !shape.test(position.sort) ||
    !/^\d{1,19}$/.test(position.id)
  ) {
    throw ApiError.badRequest('invalid_cursor', 'cursor does not belong to this list');
  }
  return { sort: position.sort, id: position.id };
}
