import type { CursorCodec, CursorPosition } from './cursor-codec';

/** One page of a keyset-paginated list. */
export interface Page<T> {
  items: T[];
  /** Cursor for the following page; null on the last page. */
  next_cursor: string | null;
  /** Whether another page exists (same as `next_cursor !== null`; some responses show it). */
  has_more: boolean;
}

/**
 * Builds a page from rows fetched with `LIMIT limit + 1`
 * (see docs/decisions/0004-hmac-authenticated-keyset-cursors.md#decision): the extra row only
 * proves another page exists, so it is dropped and the cursor points at the last row kept.
 *
 * @param rows rows in page order, at most `limit + 1` of them
 * @param limit page size the client asked for (a positive integer)
 * @param toPosition the row's keyset position, i.e. the same `(sort, id)` the query orders by
 */
export function buildPage<T>(
  rows: readonly T[],
  limit: number,
  toPosition: (row: T) => CursorPosition,
  codec: CursorCodec,
): Page<T> {
  if (!Number.isInteger(limit) || limit < 1) {
    throw new RangeError(`buildPage needs a positive integer limit, got ${limit}`);
  }
  const items = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  // limit >= 1, so a further row means `items` is full and its last element exists.
  const nextCursor = hasMore ? codec.encode(toPosition(items[items.length - 1] as T)) : null;
  return { items, next_cursor: nextCursor, has_more: nextCursor !== null };
}
