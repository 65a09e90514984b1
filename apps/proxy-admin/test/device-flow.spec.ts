import type { FixedClock } from '@platform/clock';
import { rowsOf } from '@platform/database';
import { expectErrorBody, waitFor } from '@platform/testing';
import { DEVICE_GRANT } from './support/device-client';
import {
  authorizationOf,
  decideAuthorization,
  deviceFlowEnv,
  freshClientIp,
  getVerify,
  insertIdpConnection,
  pollToken,
  postToken,
  PUBLIC_BASE_URL,
  requestDeviceCode,
  SecretsSeen,
  startAuthorization,
  type FixtureConnection,
  type Reply,
} from './support/device-flow-fixtures';
import { adminFetch, startProxy, type ProxyHarness } from './support/proxy-harness';

const USER_CODE = /^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/;
const KEY_TTL_SECONDS = 2_592_000;

describe('SSO device flow: the RFC 8628 endpoints', () => {
  let proxy: ProxyHarness;
  let base: string;
  let clock: FixedClock;
  let acme: FixtureConnection;
  /** Every device code, user code and access token seen, for the log check at the end. */
  const seen = new SecretsSeen();

  beforeAll(async () => {
    // TRUST_PROXY_HOPS=1 lets each start come from its own X-Forwarded-For address, so this
    // file's many starts never meet the 10-per-minute limit (the limits spec covers that).
    proxy = await startProxy(deviceFlowEnv({ TRUST_PROXY_HOPS: '1' }));
    base = proxy.instances[0]!.url;
    clock = proxy.clock as FixedClock;
    acme = await insertIdpConnection(proxy.db, { teamId: 'team-acme', loginDomain: 'acme.test' });
    await insertIdpConnection(proxy.db, {
      teamId: 'team-off',
      loginDomain: 'off.test',
      enabled: false,
    });
  });
  afterAll(() => proxy.close());

  async function start(
    email = 'alice@acme.test',
    url = base,
  ): Promise<ReturnType<typeof seen.addStart>> {
    return seen.addStart(await startAuthorization(url, email));
  }

  /** An RFC 6749 error answer: 400, no-store, and exactly `{ error, error_description }`. */
  function expectOAuthError(reply: Reply, error: string): void {
    expect({ status: reply.status, error: reply.body?.['error'] }).toEqual({ status: 400, error });
    expect(Object.keys(reply.body ?? {}).sort()).toEqual(['error', 'error_description']);
    expect(typeof reply.body?.['error_description']).toBe('string');
    expect(reply.headers.get('cache-control')).toBe('no-store');
  }

  describe('POST /oauth/device/code', () => {
    it('answers 200 with exactly the RFC 8628 fields and stores only a digest of the device code', async () => {
      const reply = await requestDeviceCode(
        base,
        { email: 'Alice@acme.test' },
        { ip: freshClientIp() },
      );
      expect(reply.status).toBe(200);
      expect(reply.headers.get('cache-control')).toBe('no-store');
      const body = seen.addStart(reply.body as never);
      expect(Object.keys(body).sort()).toEqual([
        'device_code',
        'expires_in',
        'interval',
        'user_code',
        'verification_uri',
        'verification_uri_complete',
      ]);
      expect(body.device_code).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.user_code).toMatch(USER_CODE);
      expect(body.verification_uri).toBe(`${PUBLIC_BASE_URL}/oauth/device/verify`);
      expect(body.verification_uri_complete).toBe(
        `${PUBLIC_BASE_URL}/oauth/device/verify?user_code=${body.user_code}`,
      );
      expect({ expires_in: body.expires_in, interval: body.interval }).toEqual({
        expires_in: 600,
        interval: 5,
      });

      const row = await authorizationOf(proxy.db, body.device_code);
      expect(row).toMatchObject({
        user_code: body.user_code.replace('-', ''),
        status: 'pending',
        team_id: 'team-acme',
        email: 'alice@acme.test',
        interval_seconds: 5,
        idp_connection_id: acme.id,
        last_polled_at: null,
      });
      expect(row?.expires_at.getTime()).toBe(clock.nowMs() + 600_000);
      // No column of any row holds the device code itself.
      const [plain] = await rowsOf<{ n: number }>(
        proxy.db,
        `SELECT count(*)::int AS n FROM device_authorizations d WHERE position($1 in d::text) > 0`,
        [body.device_code],
      );
      expect(plain?.n).toBe(0);
    });

    it('accepts a form-encoded request and the client_id and scope that standard clients send', async () => {
      const fields = { email: 'alice@acme.test', client_id: 'my-cli', scope: 'openid' };
      for (const form of [true, false]) {
        const reply = await requestDeviceCode(base, fields, { form, ip: freshClientIp() });
        expect(reply.status).toBe(200);
        const body = seen.addStart(reply.body as never);
        expect(body.user_code).toMatch(USER_CODE);
        expect(await authorizationOf(proxy.db, body.device_code)).toMatchObject({
          status: 'pending',
        });
      }
    });

    it('reports DEVICE_CODE_TTL_SECONDS as expires_in and stores that expiry', async () => {
      const shortLived = await proxy.startInstance({ DEVICE_CODE_TTL_SECONDS: '120' });
      const body = await start('alice@acme.test', shortLived.url);
      expect(body.expires_in).toBe(120);
      const row = await authorizationOf(proxy.db, body.device_code);
      expect(row?.expires_at.getTime()).toBe(clock.nowMs() + 120_000);
    });

    it('answers 400 invalid_request for a domain without a connection or with a disabled one', async () => {
      for (const email of ['bob@unknown.test', 'carol@off.test']) {
        const reply = await requestDeviceCode(base, { email }, { ip: freshClientIp() });
        expect(reply.status).toBe(400);
        expectErrorBody('openai', reply.body, 'invalid_request');
      }
    });

    it('answers 400 in the OpenAI shape for a bad, missing or unexpected field', async () => {
      const bodies: [Record<string, string>, string][] = [
        [{ email: 'not-an-email' }, 'email'],
        [{}, 'email'],
        [{ email: 'alice@acme.test', team_id: 'x' }, 'team_id'],
      ];
      for (const [fields, expectedField] of bodies) {
        const reply = await requestDeviceCode(base, fields, {
          ip: freshClientIp(),
        });
        expect(reply.status).toBe(400);
        expectErrorBody('openai', reply.body, 'invalid_request');
        const details = (reply.body?.['error'] as { details?: { field: string }[] }).details;
        // One detail per failed constraint, all naming the field.
        expect(new Set(details?.map((d) => d.field))).toEqual(new Set([expectedField]));
      }
    });

    it('answers 403 sso_device_flow_disabled when SSO_DEVICE_FLOW_ENABLED is off', async () => {
      const off = await proxy.startInstance({ SSO_DEVICE_FLOW_ENABLED: 'false' });
      const reply = await requestDeviceCode(off.url, { email: 'alice@acme.test' });
      expect(reply.status).toBe(403);
      expectErrorBody('openai', reply.body, 'sso_device_flow_disabled');
    });
  });

  describe('POST /oauth/device/token', () => {
    it('answers malformed polls with RFC 6749 errors and nothing else', async () => {
      const json = 'application/json';
      const cases: [string, string, string][] = [
        [JSON.stringify({ device_code: 'x' }), json, 'invalid_request'],
        ['device_code=x', 'application/x-www-form-urlencoded', 'invalid_request'],
        [
          JSON.stringify({ grant_type: 'authorization_code', device_code: 'x' }),
          json,
          'unsupported_grant_type',
        ],
        [JSON.stringify({ grant_type: DEVICE_GRANT }), json, 'invalid_request'],
        ['{"grant_type": ', json, 'invalid_request'],
        [
          JSON.stringify({ grant_type: DEVICE_GRANT, device_code: 'no-such-code' }),
          json,
          'invalid_grant',
        ],
      ];
      for (const [body, type, error] of cases) {
        expectOAuthError(await postToken(base, body, type), error);
      }
    });

    it('says authorization_pending, then slow_down (+5 s each) for polls inside the interval', async () => {
      const { device_code } = await start();
      expectOAuthError(await pollToken(base, device_code), 'authorization_pending');
      expect((await authorizationOf(proxy.db, device_code))?.interval_seconds).toBe(5);

      clock.advance(1_000); // t0+1s: before t0+5s
      expectOAuthError(await pollToken(base, device_code), 'slow_down');
      expect((await authorizationOf(proxy.db, device_code))?.interval_seconds).toBe(10);

      clock.advance(4_000); // t0+5s: before t0+1s+10s
      expectOAuthError(await pollToken(base, device_code), 'slow_down');
      expect((await authorizationOf(proxy.db, device_code))?.interval_seconds).toBe(15);

      clock.advance(15_000); // exactly the interval after the last poll
      expectOAuthError(await pollToken(base, device_code), 'authorization_pending');
      const row = await authorizationOf(proxy.db, device_code);
      expect(row?.interval_seconds).toBe(15);
      expect(row?.last_polled_at?.getTime()).toBe(clock.nowMs());
    });

    it('says expired_token once the code is expires_in old', async () => {
      const { device_code, expires_in } = await start();
      clock.advance(expires_in * 1000 - 1);
      expectOAuthError(await pollToken(base, device_code), 'authorization_pending');
      clock.advance(1);
      expectOAuthError(await pollToken(base, device_code), 'expired_token');
    });

    it('says access_denied for a denied sign-in', async () => {
      const { device_code } = await start();
      await decideAuthorization(proxy.db, device_code, 'denied');
      expectOAuthError(await pollToken(base, device_code), 'access_denied');
    });

    it('issues a working key for the team once approved, exactly once', async () => {
      const { device_code } = await start('dave@acme.test');
      await decideAuthorization(proxy.db, device_code, 'approved');
      const reply = await pollToken(base, device_code);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('cache-control')).toBe('no-store');
      const token = String(reply.body?.['access_token']);
      seen.add(token);
      expect(reply.body).toEqual({
        access_token: expect.stringMatching(/^sk-proxy-/),
        token_type: 'Bearer',
        expires_in: KEY_TTL_SECONDS,
      });
      const models = await fetch(`${base}/v1/models`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(models.status).toBe(200);

      const row = await authorizationOf(proxy.db, device_code);
      expect(row?.status).toBe('issued');
      const [key] = await rowsOf<{ alias: string; team_id: string; expires_at: Date }>(
        proxy.db,
        'SELECT alias, team_id, expires_at FROM virtual_keys WHERE id = $1',
        [row?.key_id],
      );
      expect({ alias: key?.alias, team_id: key?.team_id }).toEqual({
        alias: 'sso:dave@acme.test',
        team_id: acme.teamId,
      });
      expect(key?.expires_at.getTime()).toBe(clock.nowMs() + KEY_TTL_SECONDS * 1000);

      expectOAuthError(await pollToken(base, device_code), 'invalid_grant');
    });

    it('gives the key to exactly one of two concurrent polls', async () => {
      const { device_code } = await start('ivan@acme.test');
      await decideAuthorization(proxy.db, device_code, 'approved');
      const replies = await Promise.all([
        pollToken(base, device_code),
        pollToken(base, device_code),
      ]);
      const winners = replies.filter((r) => r.status === 200);
      expect(winners).toHaveLength(1);
      seen.add(String(winners[0]?.body?.['access_token']));
      expectOAuthError(
        replies.find((r) => r.status !== 200)!,
        'invalid_grant',
      );
      const [keys] = await rowsOf<{ n: number }>(
        proxy.db,
        `SELECT count(*)::int AS n FROM virtual_keys WHERE alias = 'sso:ivan@acme.test'`,
      );
      expect(keys?.n).toBe(1);
    });

    it('takes a form-encoded poll as RFC 8628 clients send it', async () => {
      const { device_code } = await start('erin@acme.test');
      expectOAuthError(await pollToken(base, device_code, true), 'authorization_pending');
      await decideAuthorization(proxy.db, device_code, 'approved');
      clock.advance(5_000);
      const reply = await pollToken(base, device_code, true);
      expect(reply.status).toBe(200);
      seen.add(String(reply.body?.['access_token']));
      expect(reply.body?.['token_type']).toBe('Bearer');
    });
  });

  describe('removing the connection', () => {
    it('fails its live codes with invalid_grant and keeps the keys it issued', async () => {
      const beta = await insertIdpConnection(proxy.db, {
        teamId: 'team-beta',
        loginDomain: 'beta.test',
      });
      const issued = await start('frank@beta.test');
      await decideAuthorization(proxy.db, issued.device_code, 'approved');
      const keyReply = await pollToken(base, issued.device_code);
      expect(keyReply.status).toBe(200);
      const key = String(keyReply.body?.['access_token']);
      seen.add(key);
      const pending = await start('grace@beta.test');
      const approved = await start('heidi@beta.test');
      await decideAuthorization(proxy.db, approved.device_code, 'approved');

      const removed = await adminFetch(base, `/admin/idp-configs/${beta.id}?team_id=team-beta`, {
        method: 'DELETE',
      });
      expect(removed.status).toBe(200);
      expect(await removed.json()).toEqual({ id: beta.id, deleted: true });

      for (const code of [pending.device_code, approved.device_code]) {
        const reply = await pollToken(base, code);
        expectOAuthError(reply, 'invalid_grant');
        expect(reply.body?.['error_description']).toMatch(/connection removed/);
        expect(await authorizationOf(proxy.db, code)).toMatchObject({
          status: 'connection_removed',
          idp_connection_id: null,
        });
      }
      const models = await fetch(`${base}/v1/models`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(models.status).toBe(200);
    });

    it('fails live codes when the connection is disabled, and issues nothing while SSO is off', async () => {
      const gamma = await insertIdpConnection(proxy.db, {
        teamId: 'team-gamma',
        loginDomain: 'gamma.test',
      });
      const approved = await start('ivan@gamma.test');
      await decideAuthorization(proxy.db, approved.device_code, 'approved');
      const disabled = await adminFetch(base, `/admin/idp-configs/${gamma.id}?team_id=team-gamma`, {
        method: 'PATCH',
        body: JSON.stringify({ enabled: false }),
      });
      expect(disabled.status).toBe(200);
      expectOAuthError(await pollToken(base, approved.device_code), 'invalid_grant');
      expect(await authorizationOf(proxy.db, approved.device_code)).toMatchObject({
        status: 'connection_removed',
      });

      // The switch is an emergency brake: an approved code waits for it instead of a key.
      const waiting = await start('judy@acme.test');
      await decideAuthorization(proxy.db, waiting.device_code, 'approved');
      const off = await proxy.startInstance({ SSO_DEVICE_FLOW_ENABLED: 'false' });
      const refused = await pollToken(off.url, waiting.device_code);
      expectOAuthError(refused, 'invalid_grant');
      expect(refused.body?.['error_description']).toMatch(/disabled/);
      expect(await authorizationOf(proxy.db, waiting.device_code)).toMatchObject({
        status: 'approved',
      });
      const issued = await pollToken(base, waiting.device_code);
      expect(issued.status).toBe(200);
      seen.add(String(issued.body?.['access_token']));
    });
  });

  describe('logs', () => {
    it('never contain a device code, user code or access token, and redact ?user_code=', async () => {
      const { user_code } = await start();
      expect((await getVerify(base, user_code, freshClientIp())).status).toBe(303);
      expect((await getVerify(base, 'BBBB-BBBB', freshClientIp())).status).toBe(404);
      const verifyLines = (): string[] =>
        proxy.logs
          .flatMap((log) => log.entries())
          .map((entry) => String((entry['req'] as { url?: string } | undefined)?.url ?? ''))
          .filter((url) => url.startsWith('/oauth/device/verify?'));
      await waitFor(() => verifyLines().length >= 2, 5_000, 'the verify requests to be logged');
      for (const url of verifyLines())
        expect(url).toBe('/oauth/device/verify?user_code=%5BREDACTED%5D');

      expect(seen.all.length).toBeGreaterThan(20);
      for (const [i, log] of proxy.logs.entries()) {
        const text = log.text;
        expect(text.length).toBeGreaterThan(0);
        const leaked = seen.all.filter((secret) => text.includes(secret));
        expect({ replica: i, leaked }).toEqual({ replica: i, leaked: [] });
      }
    });
  });
});
