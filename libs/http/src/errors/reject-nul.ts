import type { NextFunction, Request, Response } from 'express';
import { ApiError } from './api-error';

const NUL = '\u0000';

/**
 * Deepest nesting of arrays and objects any request may carry (query or JSON body). Deeper
 * input overflows the stack of recursive code downstream (class-transformer in the validation
 * pipe) and would surface as a 500; no route of ours needs more than a handful of levels.
 */
export const MAX_INPUT_DEPTH = 64;

/**
 * The path (`body.alias`, `query.tags[1]`, `path`) of the first string in `value` that holds a
 * NUL character, or undefined. PostgreSQL refuses NUL in text, so such input would otherwise
 * surface as a 500 from the database instead of a 400 for the client. Walks with an explicit
 * stack, in document order, so no nesting depth can overflow it.
 */
export function findNul(value: unknown, at: string): string | undefined {
  // Paths are built only for input that holds a NUL; nearly all input does not.
  if (!holdsNul(value)) return undefined;
  const stack: [unknown, string][] = [[value, at]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [current, path] = next;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return path;
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) stack.push([current[i], `${path}[${i}]`]);
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      if (entries.some(([key]) => key.includes(NUL))) return path;
      for (const [key, inner] of entries.reverse())
        stack.push([inner, path === '' ? key : `${path}.${key}`]);
    }
  }
  return undefined;
}

/** Whether arrays and objects in `value` nest deeper than `max` levels (iterative). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  // Two parallel stacks rather than one of pairs: no allocation per value on the hot path.
  const values: unknown[] = [value];
  const depths: number[] = [0];
  while (values.length > 0) {
    const current = values.pop();
    const depth = depths.pop() ?? 0;
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const inner of Array.isArray(current) ? current : Object.values(current))
      if (inner !== null && typeof inner === 'object') {
        values.push(inner);
        depths.push(depth + 1);
      }
  }
  return false;
}

/** Whether any string or key, at any depth, holds a NUL. */
function holdsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'string') {
      if (current.includes(NUL)) return true;
    } else if (Array.isArray(current)) {
      for (const inner of current) stack.push(inner);
    } else if (current !== null && typeof current === 'object') {
      for (const key of Object.keys(current)) {
        if (key.includes(NUL)) return true;
        stack.push((current as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/** The 400 a NUL character earns, in the validation error's shape. */
export function nulRejected(field: string): ApiError {
  const message = `${field} must not contain a NUL character`;
  return ApiError.badRequest('invalid_request', message, [{ field, message }]);
}

/**
 * Refuses a NUL character anywhere in the path, the query or the parsed JSON body of any request,
 * and a query or body nested deeper than MAX_INPUT_DEPTH, with the service's usual 400
 * `invalid_request`: one rule for every route, present and future. Routes that read their raw
 * body (NDJSON, CSV, NMEA) parse it with their own checks.
 */
export function rejectNul(req: Request, _res: Response, next: NextFunction): void {
  // Only `%00` decodes to NUL (an overlong encoding does not decode at all), so the path is
  // checked without decoding it; the query is parsed once (Express parses it on every read).
  const { url } = req;
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  if (path.includes('%00') || path.includes(NUL)) return next(nulRejected('path'));
  const parsed: unknown = queryAt < 0 ? undefined : req.query;
  // A query checked clean in one pass is not walked again below.
  const query = parsed === undefined || flatAndClean(parsed) ? undefined : parsed;
  const body: unknown = req.body;
  if (query === undefined && (body === undefined || body === null)) return next();
  for (const [field, value] of [
    ['query', query],
    ['body', body],
  ] as const)
    if (nestsDeeperThan(value, MAX_INPUT_DEPTH)) {
      const message = `${field} must not nest arrays and objects deeper than ${MAX_INPUT_DEPTH} levels`;
      return next(ApiError.badRequest('invalid_request', message, [{ field, message }]));
    }
  const field = findNul(query, 'query') ?? findNul(body, 'body');
  if (field !== undefined) return next(nulRejected(field.replace(/^(query|body)\./, '')));
  next();
}

/**
 * The query parser's usual output checked in one pass: an object whose values are strings or
 * arrays of strings (two levels, far under the depth limit) with no NUL in a key or a value.
 * False for anything else, which the general walks then examine (and name the field).
 */
function flatAndClean(query: unknown): boolean {
  if (query === null || typeof query !== 'object' || Array.isArray(query)) return false;
  const record = query as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (key.includes(NUL)) return false;
    const value = record[key];
    if (typeof value === 'string') {
      if (value.includes(NUL)) return false;
    } else if (Array.isArray(value)) {
      for (const item of value) if (typeof item !== 'string' || item.includes(NUL)) return false;
    } else return false;
  }
  return true;
}
