import { createHash, createPublicKey, JsonWebKey, randomBytes, verify } from 'node:crypto';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Browser } from 'playwright-core';
import { Agent, fetch } from 'undici';
import { launchChromium } from '@platform/testing';
import { signInAtTestIdp } from './support/browser';
import { startTestIdp, TEST_IDP_ACCOUNTS, TEST_IDP_PASSWORD, TestIdp } from './support/test-idp';

// The pieces the SSO tests stand on: the test IdP (HTTPS, own CA) and headless chromium.
jest.setTimeout(90_000);

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

interface RedirectCatcher {
  uri: string;
  next(): Promise<URL>;
  close(): Promise<void>;
}

/** The client's redirect_uri: a plain HTTP server on 127.0.0.1 that records each arrival. */
async function startRedirectCatcher(): Promise<RedirectCatcher> {
  const waiting: ((url: URL) => void)[] = [];
  const server: Server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('signed in');
    waiting.shift()?.(new URL(req.url ?? '/', 'http://127.0.0.1'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    uri: `http://127.0.0.1:${port}/callback`,
    next: () => new Promise((resolve) => waiting.push(resolve)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const base64url = (buffer: Buffer): string => buffer.toString('base64url');

describe('test IdP and chromium', () => {
  let idp: TestIdp;
  let caAgent: Agent;
  let discovery: Discovery;
  let browser: Browser;
  let catcher: RedirectCatcher;

  beforeAll(async () => {
    catcher = await startRedirectCatcher();
    idp = await startTestIdp({
      clients: [
        {
          client_id: 'post-client',
          client_secret: 'post-secret',
          redirect_uris: [catcher.uri],
          token_endpoint_auth_method: 'client_secret_post',
        },
        { client_id: 'basic-client', client_secret: 'basic-secret', redirect_uris: [catcher.uri] },
      ],
    });
    caAgent = new Agent({ connect: { ca: idp.caCertPem } });
    browser = await launchChromium({ trustedServerCertPems: [idp.serverCertPem] });
    const res = await fetch(`${idp.issuer}/.well-known/openid-configuration`, {
      dispatcher: caAgent,
    });
    discovery = (await res.json()) as Discovery;
  });

  afterAll(async () => {
    await browser?.close();
    await caAgent?.close();
    await idp?.close();
    await catcher?.close();
  });

  it('serves discovery over HTTPS that only the test CA makes trusted', async () => {
    const url = `${idp.issuer}/.well-known/openid-configuration`;
    const res = await fetch(url, { dispatcher: caAgent });
    expect(res.status).toBe(200);
    const served = (await res.json()) as Discovery;
    expect(served.issuer).toBe(idp.issuer);
    expect(idp.issuer).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(served).toMatchObject({
      code_challenge_methods_supported: ['S256'],
      id_token_signing_alg_values_supported: expect.arrayContaining(['RS256']),
      scopes_supported: expect.arrayContaining(['openid', 'email', 'profile']),
      claims_supported: expect.arrayContaining(['sub', 'email', 'email_verified']),
      token_endpoint_auth_methods_supported: expect.arrayContaining([
        'client_secret_post',
        'client_secret_basic',
      ]),
    });

    const untrusted = new Agent();
    const failure = await fetch(url, { dispatcher: untrusted }).catch((e: unknown) => e);
    await untrusted.close();
    expect(failure).toBeInstanceOf(TypeError);
    expect(String((failure as TypeError).cause)).toMatch(/certificate|self.signed/i);
  });

  it('is reachable in chromium only through the pinned server key', async () => {
    const unpinned = await launchChromium();
    try {
      const page = await unpinned.newPage();
      await expect(page.goto(idp.issuer)).rejects.toThrow(/ERR_CERT_AUTHORITY_INVALID/);
    } finally {
      await unpinned.close();
    }
    const page = await browser.newPage();
    const res = await page.goto(`${idp.issuer}/.well-known/openid-configuration`);
    expect(res?.status()).toBe(200);
    await page.close();
  });

  async function signInAndRedeem(
    email: string,
    client: { id: string; secret: string; auth: 'post' | 'basic' },
  ): Promise<{ header: Record<string, unknown>; claims: Record<string, unknown>; nonce: string }> {
    const verifier = base64url(randomBytes(32));
    const state = base64url(randomBytes(16));
    const nonce = base64url(randomBytes(16));
    const authorize = new URL(discovery.authorization_endpoint);
    authorize.search = new URLSearchParams({
      client_id: client.id,
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: catcher.uri,
      state,
      nonce,
      login_hint: email,
      code_challenge: base64url(createHash('sha256').update(verifier).digest()),
      code_challenge_method: 'S256',
    }).toString();

    const context = await browser.newContext(); // own cookies: no IdP session carried over
    try {
      const page = await context.newPage();
      const arrival = catcher.next();
      await page.goto(authorize.href);
      await expect(page.locator('input[name="login"]').inputValue()).resolves.toBe(email);
      await signInAtTestIdp(page, email, TEST_IDP_PASSWORD);
      const redirect = await arrival;
      expect(redirect.searchParams.get('state')).toBe(state);
      expect(redirect.searchParams.get('error')).toBeNull();
      const code = redirect.searchParams.get('code');
      expect(code).toEqual(expect.any(String));

      const form = new URLSearchParams({
        grant_type: 'authorization_code',
        code: code ?? '',
        redirect_uri: catcher.uri,
        code_verifier: verifier,
      });
      const headers: Record<string, string> = {
        'content-type': 'application/x-www-form-urlencoded',
      };
      if (client.auth === 'post') {
        form.set('client_id', client.id);
        form.set('client_secret', client.secret);
      } else {
        headers['authorization'] =
          `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`;
      }
      const tokenRes = await fetch(discovery.token_endpoint, {
        method: 'POST',
        headers,
        body: form.toString(),
        dispatcher: caAgent,
      });
      const tokens = (await tokenRes.json()) as { id_token?: string; error?: string };
      expect({ status: tokenRes.status, error: tokens.error }).toEqual({ status: 200 });
      const idToken = tokens.id_token ?? '';
      const [header, payload, signature] = idToken.split('.');

      // The signature must verify with a key the IdP publishes.
      const jwks = (await (await fetch(discovery.jwks_uri, { dispatcher: caAgent })).json()) as {
        keys: (JsonWebKey & { kid: string })[];
      };
      const parsedHeader = JSON.parse(Buffer.from(header, 'base64url').toString()) as {
        kid: string;
      };
      const jwk = jwks.keys.find((k) => k.kid === parsedHeader.kid);
      expect(jwk).toBeDefined();
      const signed = Buffer.from(`${header}.${payload}`);
      const key = createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' });
      expect(verify('sha256', signed, key, Buffer.from(signature, 'base64url'))).toBe(true);

      return {
        header: parsedHeader,
        claims: JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>,
        nonce,
      };
    } finally {
      await context.close();
    }
  }

  it('signs alice in through chromium (PKCE S256, client_secret_post) into an RS256 ID token', async () => {
    const { header, claims, nonce } = await signInAndRedeem(TEST_IDP_ACCOUNTS.alice.email, {
      id: 'post-client',
      secret: 'post-secret',
      auth: 'post',
    });
    expect(header['alg']).toBe('RS256');
    expect(claims).toMatchObject({
      iss: idp.issuer,
      aud: 'post-client',
      sub: TEST_IDP_ACCOUNTS.alice.sub,
      email: 'alice@acme.test',
      email_verified: true,
      nonce,
    });
  });

  it('reports email_verified false for unverified@acme.test (client_secret_basic)', async () => {
    const { claims, nonce } = await signInAndRedeem(TEST_IDP_ACCOUNTS.unverified.email, {
      id: 'basic-client',
      secret: 'basic-secret',
      auth: 'basic',
    });
    expect(claims).toMatchObject({
      aud: 'basic-client',
      sub: TEST_IDP_ACCOUNTS.unverified.sub,
      email: 'unverified@acme.test',
      email_verified: false,
      nonce,
    });
  });

  it('refuses a wrong password on its login page', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const authorize = new URL(discovery.authorization_endpoint);
      authorize.search = new URLSearchParams({
        client_id: 'post-client',
        response_type: 'code',
        scope: 'openid email',
        redirect_uri: catcher.uri,
        code_challenge: base64url(createHash('sha256').update('x'.repeat(43)).digest()),
        code_challenge_method: 'S256',
      }).toString();
      await page.goto(authorize.href);
      await expect(signInAtTestIdp(page, 'bob@acme.test', 'wrong')).rejects.toThrow(
        /refused the sign-in of bob@acme.test/,
      );
    } finally {
      await context.close();
    }
  });
});
