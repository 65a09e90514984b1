// Dashboard calls as a signed-in user: session JWTs signed with the harness's APP_SESSION_SECRET.
import { mintSessionToken } from '@platform/auth';
import { expectErrorBody, fetchJson, JsonReply, TEST_NOW } from '@platform/testing';

export const TEST_SESSION_SECRET = 'test-session-secret-0123456789abcdef';

/**
 * A session token for `sub`, issued at the harness's fixed instant. Expiry is checked against the
 * machine's clock (as production does), so it is valid for ten years from that instant.
 */
export function sessionToken(
  sub: string,
  options: { ttlSeconds?: number; issuedAt?: string } = {},
): Promise<string> {
  return mintSessionToken({
    secret: TEST_SESSION_SECRET,
    sub,
    ttlSeconds: options.ttlSeconds ?? 10 * 365 * 24 * 3600,
    now: new Date(options.issuedAt ?? TEST_NOW),
  });
}

export interface DashboardClient {
  get<T = Record<string, unknown>>(path: string): Promise<JsonReply<T>>;
  post<T = Record<string, unknown>>(path: string, body?: unknown): Promise<JsonReply<T>>;
  patch<T = Record<string, unknown>>(path: string, body?: unknown): Promise<JsonReply<T>>;
  delete<T = Record<string, unknown>>(path: string): Promise<JsonReply<T>>;
  /** Any request with this user's session (raw answer, e.g. CSV). */
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

/** Calls `baseUrl` with `Authorization: Bearer <session of sub>`. */
export async function dashboardClient(baseUrl: string, sub: string): Promise<DashboardClient> {
  const token = await sessionToken(sub);
  const headers = (extra: RequestInit['headers'] = {}): Headers => {
    const merged = new Headers(extra);
    merged.set('authorization', `Bearer ${token}`);
    return merged;
  };
  const json = <T>(method: string, path: string, body?: unknown) =>
    fetchJson<T>(`${baseUrl}${path}`, {
      method,
      headers: headers(body === undefined ? {} : { 'content-type': 'application/json' }),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    get: (path) => json('GET', path),
    post: (path, body) => json('POST', path, body),
    patch: (path, body) => json('PATCH', path, body),
    delete: (path) => json('DELETE', path),
    fetch: (path, init = {}) =>
      fetch(`${baseUrl}${path}`, { ...init, headers: headers(init.headers) }),
  };
}

/** Asserts a geo-scoring error body (`{error, code}`, details allowed) with this code. */
export function expectError(body: unknown, code: string): void {
  expectErrorBody('code', body, code);
}
