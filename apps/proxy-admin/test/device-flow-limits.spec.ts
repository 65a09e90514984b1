import type { RunningTestApp } from '@platform/testing';
import { expectErrorBody } from '@platform/testing';
import {
  deviceFlowEnv,
  freshClientIp,
  getVerify,
  insertIdpConnection,
  PUBLIC_BASE_URL,
  requestDeviceCode,
  startAuthorization,
  type Reply,
} from './support/device-flow-fixtures';
import { startProxy, type ProxyHarness } from './support/proxy-harness';

const PUBLIC_ORIGIN = new URL(PUBLIC_BASE_URL).origin;

describe('SSO device flow: rate limits and the verify page refusals', () => {
  let proxy: ProxyHarness;
  /** Trusts no proxy: every request counts against 127.0.0.1. */
  let direct: string;
  /** TRUST_PROXY_HOPS=1: X-Forwarded-For names the client, so each test can be a fresh one. */
  let forwarded: RunningTestApp;

  beforeAll(async () => {
    proxy = await startProxy(deviceFlowEnv());
    direct = proxy.instances[0]!.url;
    forwarded = await proxy.startInstance({ TRUST_PROXY_HOPS: '1' });
    await insertIdpConnection(proxy.db, { teamId: 'team-acme', loginDomain: 'acme.test' });
  });
  afterAll(() => proxy.close());

  function retryAfter(reply: Reply): number {
    const value = reply.headers.get('retry-after') ?? '';
    expect(value).toMatch(/^\d+$/);
    return Number(value);
  }

  function expectHtml(reply: Reply, status: number): void {
    expect(reply.status).toBe(status);
    expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
    expect(reply.text).toMatch(/^<!doctype html>/);
  }

  describe('POST /oauth/device/code', () => {
    it('allows 10 starts a minute per client address, then answers 429 with Retry-After', async () => {
      // Successes and refusals both count: guessing domains is as limited as starting codes.
      for (let i = 0; i < 10; i += 1) {
        const email = i % 2 === 0 ? 'alice@acme.test' : 'alice@unknown.test';
        const reply = await requestDeviceCode(direct, { email });
        expect(reply.status).toBe(i % 2 === 0 ? 200 : 400);
      }
      const limited = await requestDeviceCode(direct, { email: 'alice@acme.test' });
      expect(limited.status).toBe(429);
      expectErrorBody('openai', limited.body, 'rate_limit_exceeded');
      const seconds = retryAfter(limited);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(60);
    });

    it('counts each forwarded client address on its own behind a trusted proxy', async () => {
      const busy = freshClientIp();
      for (let i = 0; i < 10; i += 1) {
        const reply = await requestDeviceCode(
          forwarded.url,
          { email: 'alice@acme.test' },
          { ip: busy },
        );
        expect(reply.status).toBe(200);
      }
      const limited = await requestDeviceCode(
        forwarded.url,
        { email: 'alice@acme.test' },
        { ip: busy },
      );
      expect(limited.status).toBe(429);
      const fresh = await requestDeviceCode(
        forwarded.url,
        { email: 'alice@acme.test' },
        { ip: freshClientIp() },
      );
      expect(fresh.status).toBe(200);
    });
  });

  describe('GET /oauth/device/verify', () => {
    it('shows the code form with a nonce CSP, no framing and no caching', async () => {
      const reply = await getVerify(forwarded.url, undefined, freshClientIp());
      expectHtml(reply, 200);
      expect(reply.text).toContain('name="user_code"');
      const csp = reply.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'none'");
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeDefined();
      expect(reply.text).toContain(`nonce="${nonce}"`);
      expect(reply.headers.get('x-frame-options')).toBe('DENY');
      expect(reply.headers.get('cache-control')).toBe('no-store');
      expect(reply.headers.get('referrer-policy')).toBe('no-referrer');
    });

    it('refuses every code after 10 wrong ones from an address, other addresses still work', async () => {
      const start = await startAuthorization(forwarded.url, 'alice@acme.test');
      const wrong = ['BBBB-BBBB', 'CCCC-CCCC', 'hello', 'DDDD-DDDD', 'bcdf-bcdf'];
      for (let i = 0; i < 10; i += 1) {
        const reply = await getVerify(direct, wrong[i % wrong.length]);
        expectHtml(reply, 404);
      }
      // The limit is checked before the lookup, so even the right code is refused now.
      const limited = await getVerify(direct, start.user_code);
      expectHtml(limited, 429);
      const seconds = retryAfter(limited);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(600);
      expect(limited.headers.get('cache-control')).toBe('no-store');

      // The verify POST shares the limit, checked before the session.
      const post = await postVerify(direct, { user_code: start.user_code, action: 'approve' });
      expect(post.status).toBe(429);
      expectErrorBody('openai', post.body, 'rate_limit_exceeded');

      expectHtml(await getVerify(forwarded.url, 'BBBB-BBBB', freshClientIp()), 404);
      expect((await getVerify(forwarded.url, start.user_code, freshClientIp())).status).toBe(303);
    });

    it('sends a valid code to the identity provider with PKCE, state, nonce and a binding cookie', async () => {
      const start = await startAuthorization(forwarded.url, 'alice@acme.test');
      const reply = await getVerify(forwarded.url, start.user_code, freshClientIp());
      expect(reply.status).toBe(303);
      const location = new URL(reply.headers.get('location') ?? '');
      expect(`${location.origin}${location.pathname}`).toBe('https://idp.example.test/authorize');
      const query = location.searchParams;
      expect({
        response_type: query.get('response_type'),
        code_challenge_method: query.get('code_challenge_method'),
        login_hint: query.get('login_hint'),
        redirect_uri: query.get('redirect_uri'),
        client_id: query.get('client_id'),
      }).toEqual({
        response_type: 'code',
        code_challenge_method: 'S256',
        login_hint: 'alice@acme.test',
        redirect_uri: `${PUBLIC_BASE_URL}/oauth/device/callback`,
        client_id: 'fixture-client',
      });
      expect(query.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(query.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(query.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(query.get('state')).not.toBe(query.get('nonce'));
      // The user code travels to the IdP neither in the URL nor as a Referer.
      const compact = start.user_code.replace('-', '');
      expect(location.href).not.toContain(start.user_code);
      expect(location.href).not.toContain(compact);
      expect(reply.headers.get('referrer-policy')).toBe('no-referrer');
      expect(reply.headers.get('cache-control')).toBe('no-store');

      const cookie = reply.headers.getSetCookie().find((c) => c.startsWith('pa_device_signin='));
      expect(cookie).toBeDefined();
      const attributes = (cookie ?? '').split(/;\s*/);
      expect(attributes[0]).toMatch(/^pa_device_signin=[A-Za-z0-9_-]{43}$/);
      expect(attributes).toEqual(
        expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/oauth/device']),
      );
    });
  });

  async function postVerify(
    base: string,
    body: Record<string, string> | string,
    headers: Record<string, string> = {},
  ): Promise<Reply> {
    const response = await fetch(`${base}/oauth/device/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: PUBLIC_ORIGIN, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: Record<string, unknown> | null = null;
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      parsed = null;
    }
    return { status: response.status, headers: response.headers, text, body: parsed };
  }

  describe('POST /oauth/device/verify', () => {
    const decision = { user_code: 'BCDF-GHJK', action: 'approve' };

    it('refuses anything but JSON with 415, before the origin and the body', async () => {
      // A foreign origin and an unreadable body: the content type is judged first.
      for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
        const reply = await postVerify(forwarded.url, '{not json', {
          'content-type': type,
          origin: 'http://evil.example',
          'x-forwarded-for': freshClientIp(),
        });
        expect(reply.status).toBe(415);
        expectErrorBody('openai', reply.body, 'unsupported_media_type');
      }
    });

    it('refuses a missing or foreign Origin with 403 origin_not_allowed, before the body', async () => {
      const noOrigin = await fetch(`${forwarded.url}/oauth/device/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': freshClientIp() },
        body: JSON.stringify(decision),
      });
      expect(noOrigin.status).toBe(403);
      expectErrorBody('openai', await noOrigin.json(), 'origin_not_allowed');
      for (const origin of ['http://evil.example', `${PUBLIC_ORIGIN}.evil.example`, 'null']) {
        // An invalid body too: the origin is judged before it.
        const reply = await postVerify(
          forwarded.url,
          { action: 'steal' },
          {
            origin,
            'x-forwarded-for': freshClientIp(),
          },
        );
        expect(reply.status).toBe(403);
        expectErrorBody('openai', reply.body, 'origin_not_allowed');
      }
    });

    it('answers 401 sign_in_required without a session or with a made-up one', async () => {
      for (const cookie of [undefined, 'pa_device_session=xyz']) {
        const headers: Record<string, string> = { 'x-forwarded-for': freshClientIp() };
        if (cookie !== undefined) headers['cookie'] = cookie;
        const reply = await postVerify(forwarded.url, decision, headers);
        expect(reply.status).toBe(401);
        expectErrorBody('openai', reply.body, 'sign_in_required');
      }
    });
  });

  describe('GET /oauth/device/callback', () => {
    it('answers 400 pages for a missing or unknown state', async () => {
      for (const query of ['', '?code=abc', '?state=unknown-state&code=abc']) {
        const response = await fetch(`${forwarded.url}/oauth/device/callback${query}`, {
          headers: { 'x-forwarded-for': freshClientIp() },
          redirect: 'manual',
        });
        const text = await response.text();
        expectHtml({ status: response.status, headers: response.headers, text, body: null }, 400);
        expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
      }
    });
  });
});
