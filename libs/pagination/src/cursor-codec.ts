import { timingSafeEqual } from 'node:crypto';
import { computeCursorMac } from './cursor-mac';
import { invalidCursor } from './invalid-cursor';

/** A keyset position: the sort key of the last row of a page and that row's id (the tie-breaker). */
export interface CursorPosition {
  sort: string | number;
  id: string;
}

/** Longest cursor we accept. Bounds the work an attacker can make us do; `encode` refuses to exceed it. */
export const MAX_CURSOR_LENGTH = 512;

// Cursor text: "<base64url JSON payload>.<base64url MAC>". Checked before any decoding.
const CURSOR_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * Encodes and decodes opaque, HMAC-authenticated keyset cursors
 * (see docs/decisions/0004-hmac-authenticated-keyset-cursors.md#decision).
 *
 * One codec per list (`scope`, e.g. `'maritime:deliveries'`): a cursor minted for one list fails
 * to decode for another, so a client cannot replay a position into a query it was not made for.
 * Every malformed, tampered, foreign or oversized cursor throws `ApiError(400, 'invalid_cursor')`.
 */
export class CursorCodec {
  constructor(
    private readonly secret: string,
    private readonly scope: string,
  ) {
    // Misconfiguration is our bug, not the client's: fail loudly at construction.
    if (typeof secret !== 'string' || secret.length === 0) {
      throw new TypeError('CursorCodec needs a non-empty secret');
    }
    if (typeof scope !== 'string' || scope.length === 0) {
      throw new TypeError('CursorCodec needs a non-empty scope');
    }
  }

  /**
   * Turns a position into a cursor. Throws a plain Error (a server bug, not a client error) for a
   * non-finite sort number or a position too large to fit in {@link MAX_CURSOR_LENGTH}.
   */
  encode(position: CursorPosition): string {
    const { sort, id } = position;
    if (typeof sort === 'number' && !Number.isFinite(sort)) {
      throw new RangeError('Cursor sort key must be a finite number');
    }
    if (typeof sort !== 'number' && typeof sort !== 'string') {
      throw new TypeError('Cursor sort key must be a string or a number');
    }
    if (typeof id !== 'string') {
      throw new TypeError('Cursor id must be a string');
    }
    // JSON keeps the string/number distinction and escapes lone surrogates, so decoding is exact
    // (except -0, which JSON writes as 0; the two compare equal in SQL anyway).
    const payloadText = Buffer.from(JSON.stringify([sort, id]), 'utf8').toString('base64url');
    const cursor = `${payloadText}.${computeCursorMac(this.secret, this.scope, payloadText)}`;
    if (cursor.length > MAX_CURSOR_LENGTH) {
      throw new RangeError(
        `Cursor would be ${cursor.length} characters, over ${MAX_CURSOR_LENGTH}`,
      );
    }
    return cursor;
  }

  /**
   * Reads a cursor back into a position. Accepts `unknown` because query values arrive untyped
   * (a repeated `?cursor=` becomes an array); anything but a valid cursor of this scope throws
   * `ApiError(400, 'invalid_cursor')`.
   */
  decode(cursor: unknown): CursorPosition {
    if (typeof cursor !== 'string' || cursor.length === 0) {
      throw invalidCursor('cursor must be a non-empty string');
    }
    if (cursor.length > MAX_CURSOR_LENGTH) {
      throw invalidCursor(`cursor is longer than ${MAX_CURSOR_LENGTH} characters`);
    }
    if (!CURSOR_SHAPE.test(cursor)) {
      throw invalidCursor('cursor is malformed; pass back the next_cursor value unchanged');
    }
    const [payloadText, givenMac] = cursor.split('.') as [string, string];
    if (!this.macMatches(payloadText, givenMac)) {
      throw invalidCursor('cursor was altered or was not issued for this list');
    }
    return parsePayload(payloadText);
  }

  /** Constant-time comparison of the canonical base64url MAC texts (so no re-encoding tricks pass). */
  private macMatches(payloadText: string, givenMac: string): boolean {
    const expected = Buffer.from(computeCursorMac(this.secret, this.scope, payloadText), 'utf8');
    const given = Buffer.from(givenMac, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

/**
 * Strictly validates an authenticated payload. With a correct MAC this only fails after a format
 * change or a leaked secret, but a 400 is still the right answer then, never a crash.
 */
function parsePayload(payloadText: string): CursorPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payloadText, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor('cursor payload is unreadable');
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) {
    throw invalidCursor('cursor payload has the wrong shape');
  }
  const [sort, id] = parsed as [unknown, unknown];
  const sortIsValid =
    typeof sort === 'string' || (typeof sort === 'number' && Number.isFinite(sort));
  if (!sortIsValid || typeof id !== 'string') {
    throw invalidCursor('cursor payload has the wrong types');
  }
  return { sort, id };
}
