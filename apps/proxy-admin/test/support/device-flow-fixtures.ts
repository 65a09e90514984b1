import { createHash, randomInt } from 'node:crypto';
import { changedRowsOf, rowsOf } from '@platform/database';
import { SecretBox } from '@platform/secrets';
import type { DataSource } from 'typeorm';
import { DEVICE_GRANT, type DeviceStart } from './device-client';

/** base64 of 32 bytes: seals the fixture connections' client secrets. */
export const DEVICE_TEST_SECRETS_KEY = Buffer.alloc(32, 11).toString('base64');
/** The public origin the proxy believes it has (verification URIs, the verify POST's Origin). */
export const PUBLIC_BASE_URL = 'http://127.0.0.1:48123';
export const FIXTURE_CLIENT_SECRET = 'fixture-idp-client-secret-0123456789';

/** What every in-process replica of the device-flow specs needs on top of the harness env. */
export function deviceFlowEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    SSO_DEVICE_FLOW_ENABLED: 'true',
    SSO_CALLBACK_BASE_URL: PUBLIC_BASE_URL,
    SECRETS_ENCRYPTION_KEY: DEVICE_TEST_SECRETS_KEY,
    ...extra,
  };
}

/** A discovery document as a real IdP at `idp.example.test` would publish it (https endpoints). */
export function fixtureDiscovery(issuer: string): Record<string, unknown> {
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/jwks`,
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    code_challenge_methods_supported: ['S256'],
  };
}

export interface FixtureConnection {
  id: string;
  teamId: string;
  loginDomain: string;
  issuer: string;
}

/**
 * An IdP connection written straight into the database: the in-process app cannot trust a test
 * IdP's CA, so discovery (covered by the browser spec) is replaced by a stored document.
 */
export async function insertIdpConnection(
  db: DataSource,
  options: { teamId: string; loginDomain: string; enabled?: boolean },
): Promise<FixtureConnection> {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let id = 'idp_';
  for (let i = 0; i < 20; i += 1) id += alphabet[randomInt(alphabet.length)];
  const issuer = 'https://idp.example.test';
  const sealed = new SecretBox(DEVICE_TEST_SECRETS_KEY).encrypt(
    FIXTURE_CLIENT_SECRET,
    `idp_connection:${id}`,
  );
  await db.query(
    `INSERT INTO idp_connections (id, team_id, provider, login_domain, issuer, client_id,
       client_secret_ciphertext, client_secret_key_id, enabled, discovery, discovered_at)
     VALUES ($1, $2, 'okta', $3, $4, 'fixture-client', $5, $6, $7, $8, now())`,
    [
      id,
      options.teamId,
      options.loginDomain,
      issuer,
      sealed.ciphertext,
      sealed.keyId,
      options.enabled ?? true,
      JSON.stringify(fixtureDiscovery(issuer)),
    ],
  );
  return { id, teamId: options.teamId, loginDomain: options.loginDomain, issuer };
}

/** A distinct documentation-range client address per call (for X-Forwarded-For). */
let ipCounter = 0;
export function freshClientIp(): string {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, or null when it is not JSON. */
  body: Record<string, unknown> | null;
}

async function replyOf(response: Response): Promise<Reply> {
  const text = await response.text();
  let body: Record<string, unknown> | null = null;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = null;
  }
  return { status: response.status, headers: response.headers, text, body };
}

/** POST /oauth/device/code with a JSON object or a form, from `ip` when the replica trusts XFF. */
export async function requestDeviceCode(
  base: string,
  fields: Record<string, string> | string,
  options: { form?: boolean; ip?: string } = {},
): Promise<Reply> {
  const headers: Record<string, string> = {
    'content-type': options.form ? 'application/x-www-form-urlencoded' : 'application/json',
  };
  if (options.ip !== undefined) headers['x-forwarded-for'] = options.ip;
  const body =
    typeof fields === 'string'
      ? fields
      : options.form
        ? new URLSearchParams(fields).toString()
        : JSON.stringify(fields);
  return replyOf(await fetch(`${base}/oauth/device/code`, { method: 'POST', headers, body }));
}

/** A started device authorization (fails the test setup on anything but 200). */
export async function startAuthorization(
  base: string,
  email: string,
  ip = freshClientIp(),
): Promise<DeviceStart> {
  const reply = await requestDeviceCode(base, { email }, { ip });
  if (reply.status !== 200) throw new Error(`device code: ${reply.status} ${reply.text}`);
  return reply.body as unknown as DeviceStart;
}

/** POST /oauth/device/token with a raw body of the given content type. */
export async function postToken(base: string, body: string, contentType: string): Promise<Reply> {
  return replyOf(
    await fetch(`${base}/oauth/device/token`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
    }),
  );
}

/** One well-formed poll, JSON by default or form-encoded. */
export function pollToken(base: string, deviceCode: string, form = false): Promise<Reply> {
  const fields = { grant_type: DEVICE_GRANT, device_code: deviceCode };
  return form
    ? postToken(base, new URLSearchParams(fields).toString(), 'application/x-www-form-urlencoded')
    : postToken(base, JSON.stringify(fields), 'application/json');
}

export function deviceCodeSha256(deviceCode: string): Buffer {
  return createHash('sha256').update(deviceCode, 'utf8').digest();
}

export interface AuthorizationRow {
  id: string;
  user_code: string;
  status: string;
  team_id: string;
  email: string;
  interval_seconds: number;
  last_polled_at: Date | null;
  expires_at: Date;
  idp_connection_id: string | null;
  key_id: string | null;
}

/** The stored authorization of a device code, found by its digest (the only stored form). */
export async function authorizationOf(
  db: DataSource,
  deviceCode: string,
): Promise<AuthorizationRow | undefined> {
  const rows = await rowsOf<AuthorizationRow>(
    db,
    `SELECT id, user_code, status, team_id, email, interval_seconds, last_polled_at, expires_at,
       idp_connection_id, key_id
     FROM device_authorizations WHERE device_code_sha256 = $1`,
    [deviceCodeSha256(deviceCode)],
  );
  return rows[0];
}

/**
 * Decides an authorization as the browser approval would (that path is the browser spec's):
 * a fixture, so the token route can be tested on its own.
 */
export async function decideAuthorization(
  db: DataSource,
  deviceCode: string,
  status: 'approved' | 'denied',
): Promise<void> {
  const changed = await changedRowsOf<{ id: string }>(
    db,
    `UPDATE device_authorizations SET status = $2, decided_at = now(), signed_in_subject = 'sub-1'
     WHERE device_code_sha256 = $1 AND status = 'pending' RETURNING id`,
    [deviceCodeSha256(deviceCode), status],
  );
  if (changed.length !== 1) throw new Error(`no pending authorization to mark ${status}`);
}

/** GET /oauth/device/verify (no redirects followed), optionally from a forwarded client IP. */
export async function getVerify(
  base: string,
  userCode: string | undefined,
  ip?: string,
): Promise<Reply> {
  const query = userCode === undefined ? '' : `?user_code=${encodeURIComponent(userCode)}`;
  const headers: Record<string, string> = {};
  if (ip !== undefined) headers['x-forwarded-for'] = ip;
  return replyOf(
    await fetch(`${base}/oauth/device/verify${query}`, { headers, redirect: 'manual' }),
  );
}

/** Every secret a test saw, to look for in the logs at the end. */
export class SecretsSeen {
  private readonly values = new Set<string>();

  add(...values: (string | undefined)[]): void {
    for (const value of values) if (value) this.values.add(value);
  }

  /** A device start's codes, the user code with and without its hyphen. */
  addStart(start: DeviceStart): DeviceStart {
    this.add(start.device_code, start.user_code, start.user_code.replace('-', ''));
    return start;
  }

  get all(): string[] {
    return [...this.values];
  }
}
