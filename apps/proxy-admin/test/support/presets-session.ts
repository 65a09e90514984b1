import { mintSessionToken } from '@platform/auth';

/** DASHBOARD_SESSION_SECRET the preset tests start the proxy with. */
export const SESSION_SECRET = 'presets-session-secret-0123456789abcdef';
export const PRESETS_ENV = { DASHBOARD_SESSION_SECRET: SESSION_SECRET, DEMO_TEAM_ID: 'demo' };

/** A signed-in member of `team`, as the dashboard's session JWT. */
export function sessionFor(team: string, email = `ada@${team}.example`): Promise<string> {
  return mintSessionToken({
    secret: SESSION_SECRET,
    sub: `user-${team}`,
    email,
    team_id: team,
    ttlSeconds: 3600,
  });
}

/** A dashboard call with the session as a bearer token (`null` sends none). */
export function presetFetch(
  base: string,
  token: string | null,
  path: string,
  method = 'GET',
  body?: unknown,
): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token !== null) headers['authorization'] = `Bearer ${token}`;
  return fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A snapshot body with defaults a test can override. */
export function snapshot(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    model: 'cheap',
    params: { temperature: 0.2 },
    system_prompt: 'You are terse.',
    provider_preferences: { order: ['fake'] },
    ...overrides,
  };
}

export interface PresetBody {
  slug: string;
  status: string;
  latest_version: number;
  model: string;
  params: Record<string, unknown>;
  system_prompt: string | null;
  provider_preferences: Record<string, unknown> | null;
  author: string;
  proxy_cache_invalidated?: boolean;
  proxy_cache_error?: string;
  cache_ttl_seconds?: number;
}

export interface SnapshotBody {
  slug: string;
  version: number;
  model: string;
  params: Record<string, unknown>;
  system_prompt: string | null;
  author: string;
}

export interface ErrorBody {
  error: { code: string; message: string; type: string };
}
