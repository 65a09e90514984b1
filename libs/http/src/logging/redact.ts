import { Stream } from 'node:stream';

const SECRET_KEY =
  /secret|password|passwd|^(proxy-)?authorization$|cookie|api[-_]?key|access_token|refresh_token|id_token|device_code|user_code|code_verifier/i;
/**
 * Query parameters that are secrets only as parameters: OAuth's authorization `code`, `state`
 * and `nonce` (a logged callback URL could be replayed), and the device flow's codes.
 */
const SECRET_QUERY_KEY =
  /token|code_verifier|^code$|^state$|^nonce$|^session_state$|user_code|device_code/i;
export const REDACTED = '[REDACTED]';

/**
 * Returns a copy of a log payload with every value under a secret-looking key replaced, at any
 * depth. Cheap for the flat objects we log; cycles and deep trees are cut off.
 */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > 6) return '[Truncated]';
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1));
  // Errors, dates, bytes and streams (requests, responses, sockets) go to their serializers
  // untouched; every other object, DTO instances included, is copied with secrets replaced.
  if (
    value instanceof Error ||
    value instanceof Date ||
    ArrayBuffer.isView(value) ||
    value instanceof Stream
  ) {
    return value;
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) ? REDACTED : redactSecrets(item, depth + 1);
  }
  return out;
}

/** Hides secret-looking query parameters in a logged URL. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const key of [...params.keys()]) {
    if (SECRET_KEY.test(key) || SECRET_QUERY_KEY.test(key)) {
      params.set(key, REDACTED);
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url;
}
