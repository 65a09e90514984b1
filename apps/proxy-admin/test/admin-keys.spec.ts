import { sha256Hex } from '@platform/auth';
import { FixedClock } from '@platform/clock';
import {
  adminFetch,
  ADMIN_SECRET,
  chat,
  mintKey,
  ProxyHarness,
  startProxy,
} from './support/proxy-harness';

const SCOPED_TOKEN = 'scoped-token-for-team-a-0123456789';

interface ErrorBody {
  error: {
    message: string;
    type: string;
    code: string;
    details?: { field: string; message: string }[];
  };
}
interface KeyEntry {
  id: string;
  alias: string;
  team_id: string | null;
  status: string;
  key_prefix: string;
  month_to_date_spend_usd: number;
  [field: string]: unknown;
}

describe('admin API: operator authentication and keys', () => {
  let proxy: ProxyHarness;
  let base: string;

  beforeAll(async () => {
    proxy = await startProxy({
      SCOPED_ADMIN_TOKENS: JSON.stringify([
        { name: 'team-a-reader', token_sha256: sha256Hex(SCOPED_TOKEN), team_ids: ['team-a'] },
      ]),
    });
    base = proxy.instances[0]!.url;
  });
  afterAll(() => proxy.close());

  async function errorOf(response: Response): Promise<ErrorBody['error']> {
    return ((await response.json()) as ErrorBody).error;
  }

  describe('authentication', () => {
    it('answers 401 for a missing, malformed or wrong credential, and for any sk-proxy- value', async () => {
      const { key } = await mintKey(base);
      const cases: [Record<string, string>, string][] = [
        [{}, 'missing_authorization'],
        [{ authorization: 'Bearer' }, 'malformed_authorization'],
        [{ authorization: 'Basic YWRtaW46eA==' }, 'malformed_authorization'],
        [{ authorization: 'Bearer a b' }, 'malformed_authorization'],
        [{ authorization: 'Bearer wrong-secret-0123456789' }, 'invalid_admin_token'],
        [{ authorization: `Bearer ${key}` }, 'virtual_key_not_allowed'],
        [{ authorization: 'Bearer sk-proxy-anything' }, 'virtual_key_not_allowed'],
      ];
      for (const [headers, code] of cases) {
        const response = await fetch(`${base}/admin/keys`, { headers });
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({
          error: { message: expect.any(String), type: 'authentication_error', code },
        });
      }
    });

    it('lets a scoped token read only its team keys, and never mutate', async () => {
      await mintKey(base, { alias: 'a-key', team_id: 'team-a' });
      await mintKey(base, { alias: 'b-key', team_id: 'team-b' });
      const own = await adminFetch(base, '/admin/keys?team_id=team-a', { token: SCOPED_TOKEN });
      expect(own.status).toBe(200);
      const listed = ((await own.json()) as { data: KeyEntry[] }).data;
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.every((k) => k.team_id === 'team-a')).toBe(true);

      const refusals: [string, RequestInit, string][] = [
        ['/admin/keys?team_id=team-b', {}, 'team_not_allowed'],
        ['/admin/keys', {}, 'team_id_required'],
        [
          '/admin/keys?team_id=team-a',
          { method: 'POST', body: JSON.stringify({ alias: 'x', team_id: 'team-a' }) },
          'scoped_token_not_allowed',
        ],
        [
          `/admin/keys/${listed[0]!.id}?team_id=team-a`,
          { method: 'DELETE' },
          'scoped_token_not_allowed',
        ],
        ['/admin/model-aliases?team_id=team-a', {}, 'scoped_token_not_allowed'],
        [
          '/admin/model-aliases/invalidate?team_id=team-a',
          { method: 'POST' },
          'scoped_token_not_allowed',
        ],
      ];
      for (const [path, init, code] of refusals) {
        const response = await adminFetch(base, path, { ...init, token: SCOPED_TOKEN });
        expect(response.status).toBe(403);
        expect(await errorOf(response)).toMatchObject({ code, type: 'permission_error' });
      }
      // The refused mint created nothing.
      const all = (
        (await (await adminFetch(base, '/admin/keys?limit=200')).json()) as { data: KeyEntry[] }
      ).data;
      expect(all.filter((k) => k.alias === 'x')).toEqual([]);
    });
  });

  describe('POST /admin/keys', () => {
    it('answers 400 invalid_request for a NUL character in the alias, where PostgreSQL would fail', async () => {
      const response = await adminFetch(base, '/admin/keys', {
        method: 'POST',
        body: JSON.stringify({ alias: 'bad\u0000alias' }),
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as {
        error: { code: string; details: { field: string }[] };
      };
      expect(body.error.code).toBe('invalid_request');
      expect(body.error.details).toEqual([
        { field: 'alias', message: 'alias must not contain a NUL character' },
      ]);
    });

    it('answers 400 for metadata nested past the depth limit, where validation would overflow the stack', async () => {
      const deep = '{"k":'.repeat(5_000) + '1' + '}'.repeat(5_000);
      const response = await adminFetch(base, '/admin/keys', {
        method: 'POST',
        body: `{"alias":"deep","metadata":${deep}}`,
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { code: string } };
      expect(body.error.code).toBe('invalid_request');
    });

    it('returns the plaintext key once, and stores only what cannot reveal it', async () => {
      const response = await adminFetch(base, '/admin/keys', {
        method: 'POST',
        body: JSON.stringify({
          alias: 'ci',
          team_id: 'team-a',
          allowed_models: ['cheap'],
          expires_at: '2099-01-01T00:00:00Z',
          rpm: 10,
          tpm: 1000,
          monthly_budget_usd: 12.5,
          metadata: { owner: 'ops' },
        }),
      });
      expect(response.status).toBe(201);
      const created = (await response.json()) as KeyEntry & { key: string };
      expect(created.key).toMatch(/^sk-proxy-[A-Za-z0-9_-]{43}$/);
      expect(created).toMatchObject({
        alias: 'ci',
        team_id: 'team-a',
        status: 'active',
        allowed_models: ['cheap'],
        expires_at: '2099-01-01T00:00:00.000Z',
        rpm: 10,
        tpm: 1000,
        monthly_budget_usd: 12.5,
        metadata: { owner: 'ops' },
        month_to_date_spend_usd: 0,
        key_prefix: created.key.slice(0, 15),
      });

      const list = await (await adminFetch(base, '/admin/keys?limit=200')).text();
      expect(list).toContain(created.id);
      expect(list).not.toContain(created.key);
      expect(list).not.toContain(sha256Hex(created.key));
      expect(list).not.toMatch(/key_hash|"key":/);
    });

    it('validates every field with 400 invalid_request and details, creating nothing', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{}, 'alias'],
        [{ alias: '' }, 'alias'],
        [{ alias: 'x', rpm: 0 }, 'rpm'],
        [{ alias: 'x', rpm: 1.5 }, 'rpm'],
        [{ alias: 'x', tpm: -5 }, 'tpm'],
        [{ alias: 'x', monthly_budget_usd: -1 }, 'monthly_budget_usd'],
        [{ alias: 'x', monthly_budget_usd: 'ten' }, 'monthly_budget_usd'],
        [{ alias: 'x', expires_at: '2001-01-01T00:00:00Z' }, 'expires_at'],
        [{ alias: 'x', expires_at: '2099-01-01T00:00:00+02:00' }, 'expires_at'],
        [{ alias: 'x', expires_at: '2099-02-30T00:00:00Z' }, 'expires_at'],
        [{ alias: 'x', expires_at: 'tomorrow' }, 'expires_at'],
        [{ alias: 'x', metadata: { n: 1 } }, 'metadata'],
        [
          {
            alias: 'x',
            metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v'])),
          },
          'metadata',
        ],
        [{ alias: 'x', metadata: ['a'] }, 'metadata'],
        [{ alias: 'x', allowed_models: [] }, 'allowed_models'],
        [{ alias: 'x', allowed_models: ['a', 'a'] }, 'allowed_models'],
        [{ alias: 'x', team_id: 'has spaces' }, 'team_id'],
        [{ alias: 'x', is_admin: true }, 'is_admin'],
      ];
      for (const [body, field] of cases) {
        const response = await adminFetch(base, '/admin/keys', {
          method: 'POST',
          body: JSON.stringify(body),
        });
        expect(response.status).toBe(400);
        const error = await errorOf(response);
        expect(error.code).toBe('invalid_request');
        expect(error.details!.map((d) => d.field)).toContain(field);
      }
    });
  });

  describe('GET /admin/keys', () => {
    it('pages newest first with an authenticated cursor bound to its filter', async () => {
      for (let i = 0; i < 5; i += 1)
        await mintKey(base, { alias: `page-${i}`, team_id: 'team-pages' });
      const first = (await (
        await adminFetch(base, '/admin/keys?team_id=team-pages&limit=2')
      ).json()) as {
        data: KeyEntry[];
        next_cursor: string;
      };
      expect(first.data.map((k) => k.alias)).toEqual(['page-4', 'page-3']);
      const second = (await (
        await adminFetch(base, `/admin/keys?team_id=team-pages&limit=2&cursor=${first.next_cursor}`)
      ).json()) as { data: KeyEntry[]; next_cursor: string };
      expect(second.data.map((k) => k.alias)).toEqual(['page-2', 'page-1']);
      const last = (await (
        await adminFetch(
          base,
          `/admin/keys?team_id=team-pages&limit=2&cursor=${second.next_cursor}`,
        )
      ).json()) as { data: KeyEntry[]; next_cursor: string | null };
      expect(last.data.map((k) => k.alias)).toEqual(['page-0']);
      expect(last.next_cursor).toBeNull();

      const tampered =
        first.next_cursor.slice(0, -2) + (first.next_cursor.endsWith('A') ? 'BB' : 'AA');
      for (const cursor of [tampered, 'garbage', first.next_cursor.slice(0, 10)]) {
        const response = await adminFetch(
          base,
          `/admin/keys?team_id=team-pages&cursor=${encodeURIComponent(cursor)}`,
        );
        expect(response.status).toBe(400);
        expect((await errorOf(response)).code).toBe('invalid_cursor');
      }
      const foreign = await adminFetch(
        base,
        `/admin/keys?team_id=team-a&cursor=${first.next_cursor}`,
      );
      expect(foreign.status).toBe(400);
      expect((await errorOf(foreign)).code).toBe('invalid_cursor');
    });

    it('clamps large limits and refuses non-positive ones', async () => {
      expect((await adminFetch(base, '/admin/keys?limit=5000')).status).toBe(200);
      for (const limit of ['0', '-1', 'ten']) {
        const response = await adminFetch(base, `/admin/keys?limit=${limit}`);
        expect(response.status).toBe(400);
      }
    });
  });

  describe('DELETE /admin/keys/{key_id}', () => {
    it('revokes at once, harmlessly twice, and 404s for unknown ids', async () => {
      const { id, key } = await mintKey(base);
      expect((await chat(base, key, { model: 'cheap' })).status).toBe(200);
      const revoked = await adminFetch(base, `/admin/keys/${id}`, { method: 'DELETE' });
      expect(revoked.status).toBe(200);
      const body = (await revoked.json()) as KeyEntry;
      expect(body).toMatchObject({ id, status: 'revoked', revoked_at: expect.any(String) });
      const again = await adminFetch(base, `/admin/keys/${id}`, { method: 'DELETE' });
      expect(again.status).toBe(200);
      expect(((await again.json()) as KeyEntry)['revoked_at']).toBe(body['revoked_at']);

      const refused = await chat(base, key, { model: 'cheap' });
      expect(refused.status).toBe(401);
      expect((await errorOf(refused)).code).toBe('key_revoked');

      for (const unknown of [
        '00000000-0000-4000-8000-000000000000',
        'not-a-uuid',
        "1' OR '1'='1",
      ]) {
        const response = await adminFetch(base, `/admin/keys/${encodeURIComponent(unknown)}`, {
          method: 'DELETE',
        });
        expect(response.status).toBe(404);
        expect((await errorOf(response)).code).toBe('key_not_found');
      }
    });
  });

  describe('expiry', () => {
    it('answers 401 key_expired once expires_at passes, and lists the key as expired', async () => {
      const clock = proxy.clock as FixedClock;
      const expiresAt = new Date(clock.nowMs() + 1500).toISOString();
      const { id, key } = await mintKey(base, { expires_at: expiresAt });
      expect((await chat(base, key, { model: 'cheap' })).status).toBe(200);
      clock.advance(1499);
      expect((await chat(base, key, { model: 'cheap' })).status).toBe(200);
      clock.advance(1); // expires_at itself is already past
      const response: Response | undefined = await chat(base, key, { model: 'cheap' });
      expect(response!.status).toBe(401);
      expect((await errorOf(response!)).code).toBe('key_expired');
      const listed = (
        (await (await adminFetch(base, '/admin/keys?limit=200')).json()) as { data: KeyEntry[] }
      ).data;
      expect(listed.find((k) => k.id === id)!.status).toBe('expired');
    });
  });

  describe('model aliases', () => {
    it('creates, reads, changes and deletes aliases; validates targets; unknown aliases 404', async () => {
      const put = await adminFetch(base, '/admin/model-aliases/smart', {
        method: 'PUT',
        body: JSON.stringify({ model: 'pricey' }),
      });
      expect(put.status).toBe(200);
      expect(await put.json()).toMatchObject({ alias: 'smart', model: 'pricey' });
      const got = await adminFetch(base, '/admin/model-aliases/SMART');
      expect(await got.json()).toMatchObject({ alias: 'smart', model: 'pricey' });
      const listed = (await (await adminFetch(base, '/admin/model-aliases')).json()) as {
        data: { alias: string }[];
      };
      expect(listed.data.map((a) => a.alias)).toContain('smart');

      const refusals: [string, unknown, number, string][] = [
        ['/admin/model-aliases/smart', { model: 'no-such-model' }, 400, 'unknown_model'],
        ['/admin/model-aliases/cheap', { model: 'pricey' }, 400, 'alias_shadows_model'],
        ['/admin/model-aliases/smart', { model: '' }, 400, 'invalid_request'],
        ['/admin/model-aliases/smart', { model: 'cheap', extra: 1 }, 400, 'invalid_request'],
        ['/admin/model-aliases/bad%20name', { model: 'cheap' }, 400, 'invalid_request'],
      ];
      for (const [path, body, status, code] of refusals) {
        const response = await adminFetch(base, path, {
          method: 'PUT',
          body: JSON.stringify(body),
        });
        expect(response.status).toBe(status);
        expect((await errorOf(response)).code).toBe(code);
      }

      expect(
        (await adminFetch(base, '/admin/model-aliases/smart', { method: 'DELETE' })).status,
      ).toBe(200);
      const gone = await adminFetch(base, '/admin/model-aliases/smart');
      expect(gone.status).toBe(404);
      expect((await errorOf(gone)).code).toBe('model_alias_not_found');
      expect(
        (await adminFetch(base, '/admin/model-aliases/smart', { method: 'DELETE' })).status,
      ).toBe(404);

      const invalidate = await adminFetch(base, '/admin/model-aliases/invalidate', {
        method: 'POST',
      });
      expect(invalidate.status).toBe(200);
      expect(await invalidate.json()).toEqual({ invalidated: true, epoch: expect.any(Number) });
    });
  });

  it('never logs a credential: admin secret, scoped token, plaintext keys or the upstream key', async () => {
    const { key } = await mintKey(base);
    await chat(base, key, { model: 'cheap' });
    await adminFetch(base, '/admin/keys?team_id=team-a', { token: SCOPED_TOKEN });
    const logged = proxy.logs.map((l) => l.text).join('\n');
    expect(logged).toContain('minted virtual key');
    expect(logged).toContain(key.slice(0, 15));
    for (const secret of [ADMIN_SECRET, SCOPED_TOKEN, key, key.slice(15), 'sk-upstream-test-key']) {
      expect(logged).not.toContain(secret);
    }
  });
});
