import { ApiError } from '@platform/http';
import { isUnstorableText } from '../../platform/api-policy/dashboard-params';

/** Largest saved-search filter, in bytes of its UTF-8 JSON. */
export const MAX_FILTER_BYTES = 8192;

/**
 * Where `value` holds text PostgreSQL's jsonb cannot store (a NUL character, or a lone UTF-16
 * surrogate, which JSON writes as an escape jsonb refuses), as a field path; undefined when none.
 */
export function unstorableText(value: unknown, at: string): string | undefined {
  if (typeof value === 'string') {
    return isUnstorableText(value) ? at : undefined;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = unstorableText(value[i], `${at}[${i}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (unstorableText(key, at) !== undefined) return at;
      const found = unstorableText(inner, `${at}.${key}`);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * Checks a filter object beyond its DTO: at most 8,192 bytes as UTF-8 JSON (400
 * filter_too_large), and only text jsonb can store (400 invalid_request).
 */
export function checkFilter(filter: Record<string, unknown>): void {
  const bytes = Buffer.byteLength(JSON.stringify(filter), 'utf8');
  if (bytes > MAX_FILTER_BYTES) {
    throw ApiError.badRequest(
      'filter_too_large',
      `filter is ${bytes} bytes of JSON; at most ${MAX_FILTER_BYTES} are allowed`,
      [{ field: 'filter', message: `filter must be at most ${MAX_FILTER_BYTES} bytes of JSON` }],
    );
  }
  const bad = unstorableText(filter, 'filter');
  if (bad !== undefined) {
    const message = `${bad} must not contain NUL characters or unpaired surrogates`;
    throw ApiError.badRequest('invalid_request', message, [{ field: bad, message }]);
  }
}
