import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '@platform/testing';
import { signInAtTestIdp } from './support/browser';
import { pollDeviceToken, startDeviceFlow, type DeviceStart } from './support/device-client';
import { connectIdp, IDP_CLIENT_SECRET, startSsoProxy, type SsoProxy } from './support/sso-proxy';
import { TEST_IDP_ACCOUNTS, TEST_IDP_PASSWORD } from './support/test-idp';

// The whole SSO flow as employees live it: a real OIDC provider over HTTPS (its own CA, trusted
// by the proxy process through NODE_EXTRA_CA_CERTS), Debian's chromium, and the proxy's main.ts.
jest.setTimeout(120_000);

const workspaceRoot = path.resolve(__dirname, '../../..');
const { alice, bob, unverified, mallory } = TEST_IDP_ACCOUNTS;

describe('SSO device flow in a real browser', () => {
  let proxy: SsoProxy;
  let browser: Browser;
  /** Every secret the tests saw, to look for in the proxy's logs at the end. */
  const secretsSeen = new Set<string>([IDP_CLIENT_SECRET]);

  beforeAll(async () => {
    proxy = await startSsoProxy();
    const connection = await connectIdp(proxy, { teamId: 'team-acme', loginDomain: 'acme.test' });
    expect(connection.status).toBe(201);
    browser = await launchChromium({ trustedServerCertPems: [proxy.idp.serverCertPem] });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await proxy?.close();
  });

  function remember(start: DeviceStart): DeviceStart {
    secretsSeen.add(start.device_code);
    secretsSeen.add(start.user_code);
    secretsSeen.add(start.user_code.replace('-', ''));
    return start;
  }

  /** A fresh browser profile's page at the verify URL, signed in at the IdP as `email`. */
  async function signIn(
    start: DeviceStart,
    email: string,
    viewport?: { width: number; height: number },
  ): Promise<{ context: BrowserContext; page: Page; callbackUrl: string }> {
    const context = await browser.newContext(viewport ? { viewport } : {});
    const page = await context.newPage();
    let callbackUrl = '';
    page.on('request', (request) => {
      if (request.url().includes('/oauth/device/callback')) callbackUrl = request.url();
    });
    await page.goto(start.verification_uri_complete);
    expect(new URL(page.url()).origin).toBe(proxy.idp.issuer);
    await signInAtTestIdp(page, email, TEST_IDP_PASSWORD);
    const callback = new URL(callbackUrl);
    secretsSeen.add(callback.searchParams.get('code') ?? '');
    secretsSeen.add(callback.searchParams.get('state') ?? '');
    return { context, page, callbackUrl };
  }

  it('approves in the browser; the device-login command gets a key that works', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'device-login-'));
    const keyFile = path.join(dir, 'proxy', 'key');
    const cli = spawn(
      process.execPath,
      [
        'tools/cli.mjs',
        'device-login',
        '--url',
        proxy.url,
        '--email',
        alice.email,
        '--out',
        keyFile,
      ],
      { cwd: workspaceRoot, env: { PATH: process.env['PATH'] ?? '', HOME: dir } },
    );
    let stdout = '';
    cli.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    cli.stderr.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => cli.once('exit', resolve));
    try {
      const printed = await waitForMatch(() => stdout, /Open: (\S+)\s[\s\S]*Code: (\S+)/);
      const [, url, userCode] = printed as unknown as [string, string, string];
      expect(url).toBe(`${proxy.url}/oauth/device/verify?user_code=${userCode}`);
      secretsSeen.add(userCode).add(userCode.replace('-', ''));

      const { context, page } = await signIn(
        { verification_uri_complete: url } as DeviceStart,
        alice.email,
      );
      // The approval page says what is being approved and who asked.
      expect(await page.locator('#code').textContent()).toBe(userCode);
      expect(await page.locator('#email').textContent()).toBe(alice.email);
      expect(await page.locator('#client-ip').textContent()).toBe('127.0.0.1');
      expect(await page.locator('#user-agent').textContent()).not.toBe('');
      expect(Date.parse((await page.locator('#requested-at').textContent()) ?? '')).not.toBeNaN();
      const cookies = await context.cookies(`${proxy.url}/oauth/device/verify`);
      const session = cookies.find((c) => c.name === 'pa_device_session');
      expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/oauth/device' });
      secretsSeen.add(session?.value ?? '');

      await page.getByRole('button', { name: 'Approve' }).click();
      await page.locator('#result:not(:empty)').waitFor();
      expect(await page.locator('#result').textContent()).toMatch(/^Approved/);
      await context.close();

      expect(await exited).toBe(0);
      expect(stdout).toContain(keyFile);
      const key = (await readFile(keyFile, 'utf8')).trim();
      expect(key).toMatch(/^sk-proxy-[A-Za-z0-9_-]{43}$/);
      expect(stdout).not.toContain(key);
      secretsSeen.add(key);
      expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
      const models = await fetch(`${proxy.url}/v1/models`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(models.status).toBe(200);
      const [row] = (await proxy.db.query(
        `SELECT k.alias, k.team_id, d.status, d.signed_in_subject FROM virtual_keys k
         JOIN device_authorizations d ON d.key_id = k.id`,
      )) as { alias: string; team_id: string; status: string; signed_in_subject: string }[];
      expect(row).toEqual({
        alias: `sso:${alice.email}`,
        team_id: 'team-acme',
        status: 'issued',
        signed_in_subject: alice.sub,
      });
    } finally {
      cli.kill();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('denies on a phone-sized screen: the poll answers access_denied', async () => {
    const start = remember(await startDeviceFlow(proxy.url, alice.email));
    const { context, page } = await signIn(start, alice.email, { width: 360, height: 640 });
    // Readable on a phone: nothing wider than the screen, buttons big enough to tap.
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    const deny = await page.getByRole('button', { name: 'Deny' }).boundingBox();
    expect(deny?.height).toBeGreaterThanOrEqual(40);
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.locator('#result:not(:empty)').waitFor();
    expect(await page.locator('#result').textContent()).toMatch(/^Denied/);
    await context.close();
    expect(await pollDeviceToken(proxy.url, start.device_code)).toEqual({
      status: 400,
      body: { error: 'access_denied', error_description: expect.any(String) },
    });
  });

  it('takes a code typed into the form on verification_uri to the same sign-in', async () => {
    const start = remember(await startDeviceFlow(proxy.url, alice.email));
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(start.verification_uri);
    await page.locator('#user_code').fill(start.user_code.toLowerCase().replace('-', ' '));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.origin === proxy.idp.issuer);
    await signInAtTestIdp(page, alice.email, TEST_IDP_PASSWORD);
    expect(await page.locator('#code').textContent()).toBe(start.user_code);
    await context.close();
  });

  it.each([
    ['a different person of the same domain', bob.email, /someone else/],
    ['an unverified email', unverified.email, /not verified/],
    ['an account outside the domain', mallory.email, /outside acme\.test/],
  ])('refuses a sign-in as %s, and the code stays pending', async (_, email, message) => {
    const start = remember(await startDeviceFlow(proxy.url, alice.email));
    const { context, page } = await signIn(start, email);
    expect(await page.locator('h1').textContent()).toBe('Not allowed');
    expect(await page.locator('p').first().textContent()).toMatch(message);
    expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(
      (await context.cookies(`${proxy.url}/oauth/device/verify`)).map((c) => c.name),
    ).not.toContain('pa_device_session');
    await context.close();
    const poll = await pollDeviceToken(proxy.url, start.device_code);
    expect(poll.body['error']).toBe('authorization_pending');
  });

  it('refuses a replayed callback and a tampered state', async () => {
    const start = remember(await startDeviceFlow(proxy.url, alice.email));
    const { context, page, callbackUrl } = await signIn(start, alice.email);
    expect(await page.locator('h1').textContent()).toBe('Approve this device?');

    const replay = await page.goto(callbackUrl);
    expect(replay?.status()).toBe(400);
    expect(await page.locator('h1').textContent()).toBe('Sign-in link already used');

    const tampered = new URL(callbackUrl);
    tampered.searchParams.set('state', `${tampered.searchParams.get('state') ?? ''}x`);
    const answer = await page.goto(tampered.href);
    expect(answer?.status()).toBe(400);
    await context.close();
  });

  it('refuses a callback that arrives without the binding cookie of the browser that started it', async () => {
    const start = remember(await startDeviceFlow(proxy.url, alice.email));
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(start.verification_uri_complete);
    const binding = (await context.cookies(`${proxy.url}/oauth/device/verify`)).find(
      (c) => c.name === 'pa_device_signin',
    );
    expect(binding).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/oauth/device' });
    // As if the IdP's redirect were opened in another browser (a forwarded or phished link).
    await context.clearCookies({ name: 'pa_device_signin' });
    await signInAtTestIdp(page, alice.email, TEST_IDP_PASSWORD);
    expect(await page.locator('h1').textContent()).toBe('Sign-in failed');
    expect(await page.locator('p').first().textContent()).toMatch(/another browser/);
    await context.close();
    expect((await pollDeviceToken(proxy.url, start.device_code)).body['error']).toBe(
      'authorization_pending',
    );
  });

  it('takes a decision only as same-origin JSON with the sign-in cookie, for its own code', async () => {
    const start = remember(await startDeviceFlow(proxy.url, alice.email));
    const other = remember(await startDeviceFlow(proxy.url, alice.email));
    const { context } = await signIn(start, alice.email);
    const cookie = (await context.cookies(`${proxy.url}/oauth/device/verify`)).find(
      (c) => c.name === 'pa_device_session',
    );
    expect(cookie).toBeDefined();
    await context.close();
    const submit = (headers: Record<string, string>, body: unknown) =>
      fetch(`${proxy.url}/oauth/device/verify`, {
        method: 'POST',
        headers: { cookie: `pa_device_session=${cookie?.value ?? ''}`, ...headers },
        body: JSON.stringify(body),
      });
    const json = { 'content-type': 'application/json', origin: proxy.url };
    const approve = { user_code: start.user_code, action: 'approve' };
    const refusals: [Record<string, string>, unknown, number, string][] = [
      [{ 'content-type': 'text/plain', origin: proxy.url }, approve, 415, 'unsupported_media_type'],
      [
        { 'content-type': 'application/json', origin: 'https://evil.test' },
        approve,
        403,
        'origin_not_allowed',
      ],
      [{ 'content-type': 'application/json' }, approve, 403, 'origin_not_allowed'],
      [json, { user_code: other.user_code, action: 'approve' }, 400, 'invalid_user_code'],
      [json, { user_code: start.user_code, action: 'maybe' }, 400, 'invalid_request'],
    ];
    for (const [headers, body, status, code] of refusals) {
      const response = await submit(headers, body);
      expect({
        status: response.status,
        code: ((await response.json()) as { error: { code: string } }).error.code,
      }).toEqual({ status, code });
    }
    const approved = await submit(json, approve);
    expect(approved.status).toBe(200);
    expect(await approved.json()).toEqual({ status: 'approved', user_code: start.user_code });
    // The session decided once; the same cookie cannot decide again.
    expect((await submit(json, approve)).status).toBe(401);
    const token = await pollDeviceToken(proxy.url, start.device_code);
    expect(token.status).toBe(200);
    secretsSeen.add(String(token.body['access_token']));
    expect((await pollDeviceToken(proxy.url, other.device_code)).body['error']).toBe(
      'authorization_pending',
    );
  });

  it('counts what happened in /metrics for on-call', async () => {
    const metrics = await (await fetch(`${proxy.url}/metrics`)).text();
    const count = (event: string): number =>
      Number(
        metrics.match(
          new RegExp(`^proxy_device_flow_events_total\\{event="${event}"[^}]*\\} (\\d+)`, 'm'),
        )?.[1] ?? 0,
      );
    expect({
      started: count('started') >= 8,
      issued: count('key_issued'),
      approved: count('approved'),
      denied: count('denied'),
      refused: count('sign_in_refused') >= 6,
    }).toEqual({ started: true, issued: 2, approved: 2, denied: 1, refused: true });
  });

  it('never logs a device code, user code, client secret, callback code or state, or key', () => {
    const output = proxy.output();
    expect(output).toContain('device authorization decided');
    for (const secret of secretsSeen) {
      if (secret.length >= 8)
        expect({ secret, found: output.includes(secret) }).toEqual({ secret, found: false });
    }
  });
});

/** Polls `read()` until it matches `pattern` (10 s). */
async function waitForMatch(read: () => string, pattern: RegExp): Promise<RegExpMatchArray> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const match = read().match(pattern);
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nothing matched ${pattern} in:\n${read()}`);
}
