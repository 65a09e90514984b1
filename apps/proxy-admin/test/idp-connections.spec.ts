import { sha256Hex } from '@platform/auth';
import { SecretBox, SecretDecryptionError, UnknownSecretKeyError } from '@platform/secrets';
import { freePort } from '@platform/testing';
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { pollDeviceToken, startDeviceFlow } from './support/device-client';
import {
  connectionBody,
  connectionsForDomain,
  createConnection,
  deviceAuthorizationStatuses,
  expectApiError,
  patchConnection,
  postConnection,
  storedConnection,
  type IdpConnectionBody,
} from './support/idp-connection-fixtures';
import { adminFetch, ADMIN_SECRET, startProxy, type ProxyHarness } from './support/proxy-harness';
import {
  IDP_CLIENT_ID,
  IDP_CLIENT_SECRET,
  startSsoProxy,
  TEST_SECRETS_KEY,
  type SsoProxy,
} from './support/sso-proxy';

const ID_PATTERN = /^idp_[a-z0-9]{20}$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const SCOPED_TOKEN = 'scoped-token-for-team-scoped-0123456789';
const PATCHED_SECRET = 'patched-idp-client-secret-fedcba9876543210';
const ROTATION_SECRET = 'rotation-idp-client-secret-5f3a9c1e7b2d';
/** What the service must store beside every ciphertext: sha256(key bytes), first 8 hex. */
const TEST_KEY_ID = createHash('sha256')
  .update(Buffer.from(TEST_SECRETS_KEY, 'base64'))
  .digest('hex')
  .slice(0, 8);

describe('admin IdP connections without IdP trust (in-process)', () => {
  let disabled: ProxyHarness;
  let privateRefused: ProxyHarness;

  beforeAll(async () => {
    [disabled, privateRefused] = await Promise.all([
      startProxy(),
      startProxy({ SSO_DEVICE_FLOW_ENABLED: 'true', SSO_CALLBACK_BASE_URL: 'http://127.0.0.1:9' }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([disabled?.close(), privateRefused?.close()]);
  });

  it('answers 403 sso_device_flow_disabled to a create while the flag is off, valid body or not', async () => {
    const base = disabled.instances[0]!.url;
    for (const body of [
      connectionBody('https://idp.example.com', 'team-off', 'off.example.com'),
      { provider: 'nope', login_domain: 'no dot', extra: true },
    ]) {
      const response = await postConnection(base, body);
      await expectApiError(response, 403, 'permission_error', 'sso_device_flow_disabled');
    }
    const listed = await adminFetch(base, '/admin/idp-configs');
    expect(await listed.json()).toEqual({ data: [] });
  });

  it('refuses a private issuer through the SSRF guard without connecting to it', async () => {
    const base = privateRefused.instances[0]!.url;
    // A real listener at the issuer's address: the guard must refuse before any connection.
    let connections = 0;
    const listener = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const issuer = `https://127.0.0.1:${(listener.address() as AddressInfo).port}/`;
    try {
      const response = await postConnection(
        base,
        connectionBody(issuer, 'team-ssrf', 'ssrf.example.com'),
      );
      const error = await expectApiError(
        response,
        400,
        'invalid_request_error',
        'issuer_discovery_failed',
      );
      expect(error.message).toContain('not a public address');
      expect(error.details).toEqual([{ field: 'issuer', message: error.message }]);
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
    expect(connections).toBe(0);
    const rows = (await privateRefused.db.query('SELECT id FROM idp_connections')) as unknown[];
    expect(rows).toEqual([]);
  });
});

describe('admin IdP connections against a trusted test IdP (service process)', () => {
  let proxy: SsoProxy;
  let base: string;
  let issuer: string;

  beforeAll(async () => {
    proxy = await startSsoProxy({
      SCOPED_ADMIN_TOKENS: JSON.stringify([
        {
          name: 'team-scoped-reader',
          token_sha256: sha256Hex(SCOPED_TOKEN),
          team_ids: ['team-scoped'],
        },
      ]),
    });
    base = proxy.url;
    issuer = proxy.idp.issuer;
  }, 60_000);
  afterAll(() => proxy?.close());

  /** Creates a connection with the test IdP and returns its body (fails the test otherwise). */
  function create(
    teamId: string,
    loginDomain: string,
    overrides: Record<string, unknown> = {},
  ): Promise<IdpConnectionBody> {
    return createConnection(base, connectionBody(issuer, teamId, loginDomain, overrides));
  }

  /** An issuer on the IdP's port under another name: its discovery still says 127.0.0.1. */
  function mismatchingIssuer(): string {
    return `https://localhost:${new URL(issuer).port}`;
  }

  it('creates a connection: exact body without the secret, secret sealed under the key id', async () => {
    const created = await postConnection(
      base,
      connectionBody(issuer, 'team-create', 'Create.Acme.TEST'),
    );
    expect(created.status).toBe(201);
    const text = await created.text();
    expect(text).not.toContain(IDP_CLIENT_SECRET);
    const body = JSON.parse(text) as IdpConnectionBody;
    expect(body).toEqual({
      id: expect.stringMatching(ID_PATTERN),
      team_id: 'team-create',
      provider: 'okta',
      login_domain: 'create.acme.test',
      issuer,
      client_id: IDP_CLIENT_ID,
      client_secret_set: true,
      enabled: true,
      redirect_uri: `${proxy.url}/oauth/device/callback`,
      created_at: expect.stringMatching(ISO_TIMESTAMP),
      updated_at: body.created_at,
    });

    const row = await storedConnection(proxy.db, body.id);
    expect(row).toMatchObject({ team_id: 'team-create', login_domain: 'create.acme.test' });
    expect(Buffer.isBuffer(row!.client_secret_ciphertext)).toBe(true);
    expect(row!.client_secret_ciphertext.includes(Buffer.from(IDP_CLIENT_SECRET))).toBe(false);
    expect(row!.client_secret_key_id).toBe(TEST_KEY_ID);
    expect(proxy.output()).toContain('created IdP connection');
    expect(proxy.output()).not.toContain(IDP_CLIENT_SECRET);
  });

  it('answers 400 invalid_request with details for every malformed field, storing nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ provider: 'azure_ad' }, 'provider'],
      [{ team_id: 'has spaces' }, 'team_id'],
      [{ issuer: issuer.replace('https://', 'http://') }, 'issuer'],
      [{ client_secret: '' }, 'client_secret'],
      [{ is_admin: true }, 'is_admin'],
      ...[
        'acmetest',
        'https://valid.test',
        'valid.test:443',
        'valid.test/login',
        'admin@valid.test',
        'valid.test.',
        '10.0.0.1',
        'ac_me.test',
        `${'a'.repeat(64)}.test`,
        '',
      ].map((domain): [Record<string, unknown>, string] => [
        { login_domain: domain },
        'login_domain',
      ]),
    ];
    for (const [overrides, field] of cases) {
      const response = await postConnection(
        base,
        connectionBody(issuer, 'team-valid', 'valid.test', overrides),
      );
      const error = await expectApiError(response, 400, 'invalid_request_error', 'invalid_request');
      expect({ overrides, fields: error.details!.map((d) => d.field) }).toEqual({
        overrides,
        fields: [field],
      });
    }
    const missing = await postConnection(base, {});
    const error = await expectApiError(missing, 400, 'invalid_request_error', 'invalid_request');
    expect(new Set(error.details!.map((d) => d.field))).toEqual(
      new Set(['team_id', 'provider', 'login_domain', 'issuer', 'client_id', 'client_secret']),
    );
    expect(await connectionsForDomain(proxy.db, 'valid.test')).toBe(0);

    // The boundary that passes: a 63-character label.
    const longest = await create('team-valid', `${'a'.repeat(63)}.test`);
    expect(longest.login_domain).toBe(`${'a'.repeat(63)}.test`);
  });

  it('answers 400 issuer_discovery_failed for an unreachable, mismatching or metadata issuer', async () => {
    // Each refusal for its own reason: the message says which check failed.
    const issuers: [string, RegExp][] = [
      [`https://127.0.0.1:${await freePort()}`, /could not be used: .*ECONNREFUSED/],
      [mismatchingIssuer(), /issuer does not match the expected issuer/],
      // Refused although this deployment allows private targets: a cloud metadata address.
      ['https://169.254.169.254/', /not a public address \(metadata\)/],
    ];
    for (const [index, [badIssuer, reason]] of issuers.entries()) {
      const domain = `discovery-${index}.test`;
      const response = await postConnection(
        base,
        connectionBody(badIssuer, 'team-discovery', domain),
      );
      const error = await expectApiError(
        response,
        400,
        'invalid_request_error',
        'issuer_discovery_failed',
      );
      expect(error.message).toMatch(reason);
      expect(error.details).toEqual([{ field: 'issuer', message: error.message }]);
      expect(await connectionsForDomain(proxy.db, domain)).toBe(0);
    }
  });

  it('answers 409 for a domain already registered, by the same team or (any case) another', async () => {
    const first = await create('team-conflict', 'conflict.test');
    const again = await postConnection(
      base,
      connectionBody(issuer, 'team-conflict', 'conflict.test'),
    );
    await expectApiError(again, 409, 'conflict_error', 'idp_config_exists');
    const other = await postConnection(
      base,
      connectionBody(issuer, 'team-intruder', 'CONFLICT.test'),
    );
    await expectApiError(other, 409, 'conflict_error', 'login_domain_taken');
    expect(await connectionsForDomain(proxy.db, 'conflict.test')).toBe(1);
    expect(await storedConnection(proxy.db, first.id)).toMatchObject({ team_id: 'team-conflict' });

    // Two teams racing for one domain: both pass the early check, the insert settles it.
    const racing = await Promise.all(
      ['team-race-a', 'team-race-b'].map((teamId) =>
        postConnection(base, connectionBody(issuer, teamId, 'race.test')),
      ),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409]);
    await expectApiError(
      racing.find((r) => r.status === 409)!,
      409,
      'conflict_error',
      'login_domain_taken',
    );
    expect(await connectionsForDomain(proxy.db, 'race.test')).toBe(1);
  });

  it('lists oldest first per team; scoped tokens read only their team and never mutate', async () => {
    const one = await create('team-list', 'list-one.test');
    const two = await create('team-list', 'list-two.test');
    const three = await create('team-list', 'list-three.test');
    const elsewhere = await create('team-scoped', 'scoped.test');

    const filtered = await adminFetch(base, '/admin/idp-configs?team_id=team-list');
    expect(filtered.status).toBe(200);
    const filteredText = await filtered.text();
    expect(JSON.parse(filteredText)).toEqual({ data: [one, two, three] });
    const all = (await (await adminFetch(base, '/admin/idp-configs')).json()) as {
      data: IdpConnectionBody[];
    };
    const ids = all.data.map((c) => c.id);
    expect(ids.filter((id) => [one.id, two.id, three.id, elsewhere.id].includes(id))).toEqual([
      one.id,
      two.id,
      three.id,
      elsewhere.id,
    ]);
    for (const text of [filteredText, JSON.stringify(all)]) {
      expect(text).not.toContain(IDP_CLIENT_SECRET);
      expect(text).not.toMatch(/ciphertext|key_id|"client_secret"/);
    }

    const own = await adminFetch(base, '/admin/idp-configs?team_id=team-scoped', {
      token: SCOPED_TOKEN,
    });
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({ data: [elsewhere] });

    const createBody = JSON.stringify(connectionBody(issuer, 'team-scoped', 'scoped-new.test'));
    const refusals: [string, RequestInit, string][] = [
      ['/admin/idp-configs', {}, 'team_id_required'],
      ['/admin/idp-configs?team_id=team-list', {}, 'team_not_allowed'],
      [
        '/admin/idp-configs?team_id=team-scoped',
        { method: 'POST', body: createBody },
        'scoped_token_not_allowed',
      ],
      [
        `/admin/idp-configs/${elsewhere.id}?team_id=team-scoped`,
        { method: 'PATCH', body: JSON.stringify({ enabled: false }) },
        'scoped_token_not_allowed',
      ],
      [
        `/admin/idp-configs/${elsewhere.id}?team_id=team-scoped`,
        { method: 'DELETE' },
        'scoped_token_not_allowed',
      ],
    ];
    for (const [path, init, code] of refusals) {
      const response = await adminFetch(base, path, { ...init, token: SCOPED_TOKEN });
      await expectApiError(response, 403, 'permission_error', code);
    }
    expect(await storedConnection(proxy.db, elsewhere.id)).toMatchObject({ enabled: true });
    expect(await connectionsForDomain(proxy.db, 'scoped-new.test')).toBe(0);

    for (const init of [{}, { method: 'POST', body: createBody }]) {
      const response = await adminFetch(base, '/admin/idp-configs', {
        ...init,
        token: 'sk-proxy-anything',
      });
      await expectApiError(response, 401, 'authentication_error', 'virtual_key_not_allowed');
    }
    expect(await connectionsForDomain(proxy.db, 'scoped-new.test')).toBe(0);
  });

  describe('PATCH /admin/idp-configs/:id', () => {
    function patch(id: string, teamId: string, body: unknown): Promise<Response> {
      return patchConnection(base, id, teamId, body);
    }

    it('refuses provider and login_domain, even unchanged, and another team’s or unknown id', async () => {
      const created = await create('team-patch', 'patch-immutable.test');
      const immutables: [Record<string, unknown>, string][] = [
        [{ provider: 'okta' }, 'provider'],
        [{ provider: 'google_workspace' }, 'provider'],
        [{ login_domain: 'patch-immutable.test' }, 'login_domain'],
        [{ login_domain: 'elsewhere.test', enabled: false }, 'login_domain'],
      ];
      for (const [body, field] of immutables) {
        const response = await patch(created.id, 'team-patch', body);
        const error = await expectApiError(
          response,
          400,
          'invalid_request_error',
          'immutable_field',
        );
        expect(error.details!.map((d) => d.field)).toEqual([field]);
      }
      for (const [id, teamId] of [
        [created.id, 'team-other'],
        ['idp_00000000000000000000', 'team-patch'],
      ] as const) {
        const response = await patch(id, teamId, { enabled: false });
        await expectApiError(response, 404, 'not_found_error', 'idp_config_not_found');
      }
      const noTeam = await adminFetch(base, `/admin/idp-configs/${created.id}`, {
        method: 'PATCH',
        body: JSON.stringify({ enabled: false }),
      });
      await expectApiError(noTeam, 400, 'invalid_request_error', 'invalid_request');
      const listed = await adminFetch(base, '/admin/idp-configs?team_id=team-patch');
      expect(await listed.json()).toEqual({ data: [created] });
    });

    it('re-seals a new client secret without ever returning it', async () => {
      const created = await create('team-patch', 'patch-secret.test');
      const before = await storedConnection(proxy.db, created.id);
      const response = await patch(created.id, 'team-patch', { client_secret: PATCHED_SECRET });
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).not.toContain(PATCHED_SECRET);
      expect(JSON.parse(text)).toEqual({ ...created, updated_at: expect.any(String) });

      const after = await storedConnection(proxy.db, created.id);
      expect(after!.client_secret_ciphertext.equals(before!.client_secret_ciphertext)).toBe(false);
      expect(after!.client_secret_ciphertext.includes(Buffer.from(PATCHED_SECRET))).toBe(false);
      expect(after!.client_secret_key_id).toBe(TEST_KEY_ID);
      const box = new SecretBox(TEST_SECRETS_KEY);
      const sealed = {
        keyId: after!.client_secret_key_id,
        ciphertext: after!.client_secret_ciphertext,
      };
      expect(box.decryptText(sealed, `idp_connection:${created.id}`)).toBe(PATCHED_SECRET);
    });

    it('refuses an issuer change that fails discovery or is not https, changing nothing', async () => {
      const created = await create('team-patch', 'patch-issuer.test');
      const before = await storedConnection(proxy.db, created.id);
      const refused = await patch(created.id, 'team-patch', {
        issuer: mismatchingIssuer(),
        client_id: 'another-client',
      });
      await expectApiError(refused, 400, 'invalid_request_error', 'issuer_discovery_failed');
      const plain = await patch(created.id, 'team-patch', {
        issuer: issuer.replace('https://', 'http://'),
      });
      const error = await expectApiError(plain, 400, 'invalid_request_error', 'invalid_request');
      expect(error.details!.map((d) => d.field)).toEqual(['issuer']);
      expect(await storedConnection(proxy.db, created.id)).toEqual(before);
    });

    it('disabling stops new device authorizations for the domain; enabling restores them', async () => {
      const created = await create('team-patch', 'toggle.test');
      const email = 'someone@toggle.test';
      await startDeviceFlow(base, email);
      const off = await patch(created.id, 'team-patch', { enabled: false });
      expect(off.status).toBe(200);
      expect(await off.json()).toMatchObject({ id: created.id, enabled: false });
      expect(await storedConnection(proxy.db, created.id)).toMatchObject({ enabled: false });

      const refused = await fetch(`${base}/oauth/device/code`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      await expectApiError(refused, 400, 'invalid_request_error', 'invalid_request');

      const on = await patch(created.id, 'team-patch', { enabled: true });
      expect(await on.json()).toMatchObject({ id: created.id, enabled: true });
      expect((await startDeviceFlow(base, email)).user_code).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
    });
  });

  it('deletes for the owning team only, fails its pending device codes, and frees the domain', async () => {
    const created = await create('team-delete', 'delete.test');
    const start = await startDeviceFlow(base, 'someone@delete.test');
    const path = `/admin/idp-configs/${created.id}`;

    const foreign = await adminFetch(base, `${path}?team_id=team-other`, { method: 'DELETE' });
    await expectApiError(foreign, 404, 'not_found_error', 'idp_config_not_found');
    expect(await storedConnection(proxy.db, created.id)).toBeDefined();

    const deleted = await adminFetch(base, `${path}?team_id=team-delete`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ id: created.id, deleted: true });
    expect(await storedConnection(proxy.db, created.id)).toBeUndefined();
    const again = await adminFetch(base, `${path}?team_id=team-delete`, { method: 'DELETE' });
    await expectApiError(again, 404, 'not_found_error', 'idp_config_not_found');

    expect(await deviceAuthorizationStatuses(proxy.db, start.device_code)).toEqual([
      'connection_removed',
    ]);
    expect(await pollDeviceToken(base, start.device_code)).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'identity provider connection removed' },
    });

    const recreated = await create('team-other', 'delete.test');
    expect(recreated.id).not.toBe(created.id);
  });

  it('stores the secret in the SecretBox format: AES-GCM under the key id, bound to the connection', async () => {
    const created = await create('team-rotation', 'rotation.test', {
      client_secret: ROTATION_SECRET,
    });
    const row = await storedConnection(proxy.db, created.id);
    const sealed = { keyId: row!.client_secret_key_id, ciphertext: row!.client_secret_ciphertext };
    const context = `idp_connection:${created.id}`;
    const nextKey = randomBytes(32).toString('base64');

    // After a rotation (new current key, the test key kept as previous) it still opens.
    expect(new SecretBox(nextKey, [TEST_SECRETS_KEY]).decryptText(sealed, context)).toBe(
      ROTATION_SECRET,
    );
    expect(() => new SecretBox(nextKey).decryptText(sealed, context)).toThrow(
      UnknownSecretKeyError,
    );
    const other = await create('team-rotation', 'rotation-other.test');
    expect(() =>
      new SecretBox(TEST_SECRETS_KEY).decryptText(sealed, `idp_connection:${other.id}`),
    ).toThrow(SecretDecryptionError);
  });

  it('never logs a client secret, the admin secret or the scoped token', () => {
    const logged = proxy.output();
    expect(logged).toContain('updated IdP connection');
    expect(logged).toContain('deleted IdP connection');
    for (const secret of [
      IDP_CLIENT_SECRET,
      PATCHED_SECRET,
      ROTATION_SECRET,
      ADMIN_SECRET,
      SCOPED_TOKEN,
    ]) {
      expect(logged).not.toContain(secret);
    }
  });
});
