import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { adminFetch } from './proxy-harness';
import { IDP_CLIENT_ID, IDP_CLIENT_SECRET } from './sso-proxy';

/** proxy-admin's error body: `{ error: { message, type, code, details? } }`. */
export interface ApiErrorBody {
  error: {
    message: string;
    type: string;
    code: string;
    details?: { field: string; message: string }[];
  };
}

/** One connection as the admin API answers it. */
export interface IdpConnectionBody {
  id: string;
  team_id: string;
  provider: string;
  login_domain: string;
  issuer: string;
  client_id: string;
  client_secret_set: true;
  enabled: boolean;
  redirect_uri: string | null;
  created_at: string;
  updated_at: string;
}

/** The columns the tests look at of one stored connection. */
export interface StoredIdpConnection {
  id: string;
  team_id: string;
  login_domain: string;
  issuer: string;
  client_id: string;
  client_secret_ciphertext: Buffer;
  client_secret_key_id: string;
  enabled: boolean;
  discovered_at: Date;
  updated_at: Date;
}

/** A valid create body for the given issuer, team and domain; `overrides` replace fields. */
export function connectionBody(
  issuer: string,
  teamId: string,
  loginDomain: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    team_id: teamId,
    provider: 'okta',
    login_domain: loginDomain,
    issuer,
    client_id: IDP_CLIENT_ID,
    client_secret: IDP_CLIENT_SECRET,
    ...overrides,
  };
}

/** POST /admin/idp-configs with the body as given. */
export function postConnection(base: string, body: unknown, token?: string): Promise<Response> {
  return adminFetch(base, '/admin/idp-configs', {
    method: 'POST',
    body: JSON.stringify(body),
    ...(token === undefined ? {} : { token }),
  });
}

/** Creates a connection and returns its body; anything but 201 fails the test, showing the body. */
export async function createConnection(base: string, body: unknown): Promise<IdpConnectionBody> {
  const response = await postConnection(base, body);
  const created = (await response.json()) as IdpConnectionBody;
  expect({ status: response.status, body: created }).toMatchObject({ status: 201 });
  return created;
}

/** PATCH /admin/idp-configs/:id?team_id= with the body as given. */
export function patchConnection(
  base: string,
  id: string,
  teamId: string,
  body: unknown,
): Promise<Response> {
  return adminFetch(base, `/admin/idp-configs/${id}?team_id=${teamId}`, {
    method: 'PATCH',
    body: JSON.stringify(body),
  });
}

/**
 * Asserts the answer is exactly the OpenAI-style error with this status, type and code (details
 * allowed) and returns its error object.
 */
export async function expectApiError(
  response: Response,
  status: number,
  type: string,
  code: string,
): Promise<ApiErrorBody['error']> {
  const body = (await response.json()) as ApiErrorBody;
  expect({ status: response.status, code: body.error?.code }).toEqual({ status, code });
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error).toEqual({
    message: expect.any(String),
    type,
    code,
    ...(body.error.details === undefined ? {} : { details: expect.any(Array) }),
  });
  return body.error;
}

/** The stored row of a connection, or undefined when there is none. */
export async function storedConnection(
  db: DataSource,
  id: string,
): Promise<StoredIdpConnection | undefined> {
  const rows = (await db.query(
    `SELECT id, team_id, login_domain, issuer, client_id, client_secret_ciphertext,
       client_secret_key_id, enabled, discovered_at, updated_at
     FROM idp_connections WHERE id = $1`,
    [id],
  )) as StoredIdpConnection[];
  return rows[0];
}

/** How many connections are stored for a login domain (any case). */
export async function connectionsForDomain(db: DataSource, loginDomain: string): Promise<number> {
  const rows = (await db.query(
    'SELECT count(*)::int AS n FROM idp_connections WHERE login_domain = lower($1)',
    [loginDomain],
  )) as { n: number }[];
  return rows[0]!.n;
}

/** The stored statuses of the device authorization behind a device code (kept only as sha256). */
export async function deviceAuthorizationStatuses(
  db: DataSource,
  deviceCode: string,
): Promise<string[]> {
  const rows = (await db.query(
    'SELECT status FROM device_authorizations WHERE device_code_sha256 = $1',
    [createHash('sha256').update(deviceCode, 'utf8').digest()],
  )) as { status: string }[];
  return rows.map((row) => row.status);
}
