import { ApiError } from '@platform/http';
import { FakeServer, sendJson, startFakeServer } from '@platform/testing';
import { base64url, exportJWK, exportSPKI, generateKeyPair, SignJWT } from 'jose';
import type { CryptoKey, JWK } from 'jose';
import { mintSessionToken } from './mint-session-token';
import { SessionTokenVerifier } from './session-token.verifier';

const SECRET = 'dashboard-session-secret-0123456789abcdef';
const ALL_CLAIMS = ['sub', 'email', 'team_id'] as const;
const verifier = new SessionTokenVerifier({ hs256Secret: SECRET, requiredClaims: ALL_CLAIMS });

const member = { sub: 'user-1', email: 'ada@example.com', team_id: 'team-a' };

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => new Error('expected the token to be refused'),
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

async function expectUnauthorized(token: string, message: RegExp, v = verifier): Promise<void> {
  const error = await refusal(v.verify(token));
  expect({ status: error.status, code: error.code }).toEqual({ status: 401, code: 'unauthorized' });
  expect(error.message).toMatch(message);
}

function unsignedToken(header: object, payload: object): string {
  const part = (value: object) => base64url.encode(JSON.stringify(value));
  return `${part(header)}.${part(payload)}.`;
}

describe('SessionTokenVerifier with HS256', () => {
  it('accepts a minted token and returns its typed claims', async () => {
    const token = await mintSessionToken({ secret: SECRET, ...member, ttlSeconds: 600 });
    const claims = await verifier.verify(token);
    expect(claims).toEqual({ ...member, exp: expect.any(Number), iat: expect.any(Number) });
    expect(claims.exp - claims.iat!).toBe(600);
  });

  it('refuses an expired token, beyond the 5 s clock tolerance only', async () => {
    const now = Date.now();
    const expired = await mintSessionToken({
      secret: SECRET,
      ...member,
      ttlSeconds: 60,
      now: new Date(now - 70_000),
    });
    await expectUnauthorized(expired, /expired/);
    const justExpired = await mintSessionToken({
      secret: SECRET,
      ...member,
      ttlSeconds: 60,
      now: new Date(now - 62_000),
    });
    await expect(verifier.verify(justExpired)).resolves.toMatchObject(member);
  });

  it('refuses a tampered payload and a token signed with another secret', async () => {
    const token = await mintSessionToken({ secret: SECRET, ...member, ttlSeconds: 600 });
    const [header, , signature] = token.split('.');
    const forged = base64url.encode(JSON.stringify({ ...member, team_id: 'team-b', exp: 9e9 }));
    await expectUnauthorized(`${header}.${forged}.${signature}`, /signature/);
    const other = await mintSessionToken({ secret: `${SECRET}-other`, ...member, ttlSeconds: 600 });
    await expectUnauthorized(other, /signature/);
  });

  it('refuses alg "none"', async () => {
    const exp = Math.floor(Date.now() / 1000) + 600;
    await expectUnauthorized(unsignedToken({ alg: 'none' }, { ...member, exp }), /"none"/);
  });

  it('refuses a token missing a required claim, or exp', async () => {
    const noTeam = await mintSessionToken({ secret: SECRET, sub: 'u', email: 'e', ttlSeconds: 60 });
    await expectUnauthorized(noTeam, /missing the "team_id" claim/);
    const noExp = await new SignJWT(member)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(SECRET));
    await expectUnauthorized(noExp, /missing the "exp" claim/);
  });

  it('accepts a token without optional claims when they are not required', async () => {
    const subOnly = new SessionTokenVerifier({ hs256Secret: SECRET, requiredClaims: ['sub'] });
    const token = await mintSessionToken({ secret: SECRET, sub: 'user-9', ttlSeconds: 60 });
    await expect(subOnly.verify(token)).resolves.toEqual({
      sub: 'user-9',
      exp: expect.any(Number),
      iat: expect.any(Number),
    });
  });

  it('refuses claims that are not non-empty strings', async () => {
    const exp = Math.floor(Date.now() / 1000) + 600;
    const sign = (payload: Record<string, unknown>) =>
      new SignJWT(payload)
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode(SECRET));
    await expectUnauthorized(await sign({ ...member, team_id: 42, exp }), /"team_id"/);
    await expectUnauthorized(await sign({ ...member, email: '', exp }), /"email"/);
  });

  it('refuses garbage and oversized tokens as malformed', async () => {
    await expectUnauthorized('not-a-jwt', /malformed/);
    await expectUnauthorized('', /malformed/);
    await expectUnauthorized('a'.repeat(5000), /malformed/);
  });

  it('refuses a bad configuration at construction', () => {
    expect(() => new SessionTokenVerifier({ requiredClaims: ['sub'] })).toThrow(/exactly one/);
    expect(
      () =>
        new SessionTokenVerifier({
          hs256Secret: SECRET,
          jwksUrl: 'https://idp.example/jwks',
          requiredClaims: ['sub'],
        }),
    ).toThrow(/exactly one/);
    expect(() => new SessionTokenVerifier({ hs256Secret: 'short', requiredClaims: [] })).toThrow(
      /at least 32/,
    );
    expect(
      () => new SessionTokenVerifier({ jwksUrl: 'file:///etc/keys', requiredClaims: [] }),
    ).toThrow(/http/);
  });
});

describe('mintSessionToken', () => {
  it('refuses a short secret, a bad ttl and an empty subject', async () => {
    await expect(mintSessionToken({ secret: 'short', sub: 'u', ttlSeconds: 60 })).rejects.toThrow(
      /at least 32/,
    );
    for (const ttlSeconds of [0, -5, 1.5]) {
      await expect(mintSessionToken({ secret: SECRET, sub: 'u', ttlSeconds })).rejects.toThrow(
        /ttlSeconds/,
      );
    }
    await expect(mintSessionToken({ secret: SECRET, sub: '', ttlSeconds: 60 })).rejects.toThrow(
      /sub/,
    );
  });
});

describe('SessionTokenVerifier with a JWKS (RS256 / ES256)', () => {
  let server: FakeServer;
  let rsa: { publicKey: CryptoKey; privateKey: CryptoKey };
  let ec: { publicKey: CryptoKey; privateKey: CryptoKey };
  let jwksRequests = 0;
  let jwks: SessionTokenVerifier<'sub' | 'email' | 'team_id'>;

  const exp = () => Math.floor(Date.now() / 1000) + 600;
  const sign = (key: CryptoKey, alg: string, kid: string, payload: object = member) =>
    new SignJWT({ ...payload }).setProtectedHeader({ alg, kid }).setExpirationTime(exp()).sign(key);

  beforeAll(async () => {
    rsa = await generateKeyPair('RS256');
    ec = await generateKeyPair('ES256');
    const keys: JWK[] = [
      { ...(await exportJWK(rsa.publicKey)), kid: 'rsa-1', alg: 'RS256', use: 'sig' },
      { ...(await exportJWK(ec.publicKey)), kid: 'ec-1', alg: 'ES256', use: 'sig' },
    ];
    server = await startFakeServer((req, res) => {
      if (req.url === '/jwks') {
        jwksRequests += 1;
        sendJson(res, 200, { keys });
      } else {
        sendJson(res, 500, { error: 'down' });
      }
    });
    jwks = new SessionTokenVerifier({ jwksUrl: `${server.url}/jwks`, requiredClaims: ALL_CLAIMS });
  });

  afterAll(() => server.close());

  it('accepts RS256 and ES256 tokens signed by keys of the set, fetching the set once', async () => {
    await expect(jwks.verify(await sign(rsa.privateKey, 'RS256', 'rsa-1'))).resolves.toEqual({
      ...member,
      exp: expect.any(Number),
    });
    await expect(jwks.verify(await sign(ec.privateKey, 'ES256', 'ec-1'))).resolves.toMatchObject(
      member,
    );
    expect(jwksRequests).toBe(1);
  });

  it('refuses a token signed by a key outside the set', async () => {
    const stranger = await generateKeyPair('RS256');
    await expectUnauthorized(await sign(stranger.privateKey, 'RS256', 'rsa-1'), /signature/, jwks);
    await expectUnauthorized(
      await sign(stranger.privateKey, 'RS256', 'unknown-kid'),
      /No signing key/,
      jwks,
    );
  });

  it('refuses HS256 (even keyed with the public key) and alg none', async () => {
    const publicPem = await exportSPKI(rsa.publicKey);
    const confused = await new SignJWT({ ...member })
      .setProtectedHeader({ alg: 'HS256', kid: 'rsa-1' })
      .setExpirationTime(exp())
      .sign(new TextEncoder().encode(publicPem));
    await expectUnauthorized(confused, /"HS256" is not accepted/, jwks);
    await expectUnauthorized(
      unsignedToken({ alg: 'none' }, { ...member, exp: exp() }),
      /"none"/,
      jwks,
    );
  });

  it('refuses a JWKS-signed token missing a required claim', async () => {
    const token = await sign(rsa.privateKey, 'RS256', 'rsa-1', { sub: 'u', email: 'e' });
    await expectUnauthorized(token, /missing the "team_id" claim/, jwks);
  });

  it('answers 503 session_keys_unavailable when the key set cannot be fetched', async () => {
    const broken = new SessionTokenVerifier({
      jwksUrl: `${server.url}/broken`,
      requiredClaims: ['sub'],
    });
    const error = await refusal(broken.verify(await sign(rsa.privateKey, 'RS256', 'rsa-1')));
    expect({ status: error.status, code: error.code }).toEqual({
      status: 503,
      code: 'session_keys_unavailable',
    });
  });
});
