import { SecretBox, secretsKeyId } from '@platform/secrets';
import { errorOf, fetchJson, RunningTestApp } from '@platform/testing';
import { GeoHarness, startGeo } from './support/geo-harness';
import {
  apiKeyOf,
  TEST_SECRETS_KEY,
  WEBHOOK_TEST_ENV,
  webhooksClient,
} from './support/webhooks-support';

// The routes of /api/v1/webhooks: validation, SSRF refusals at creation, secrets at rest and
// owner isolation. Deliveries are in webhooks-delivery.spec.ts.
describe('/api/v1/webhooks routes', () => {
  let geo: GeoHarness;
  let strict: RunningTestApp;
  let alice: ReturnType<typeof webhooksClient>;
  let bob: ReturnType<typeof webhooksClient>;
  let aliceStrict: ReturnType<typeof webhooksClient>;
  const url = 'https://127.0.0.1:9/hooks/geo';

  beforeAll(async () => {
    geo = await startGeo({ env: WEBHOOK_TEST_ENV });
    // A replica as production runs it: private targets refused.
    strict = await geo.startInstance({ ALLOW_PRIVATE_TARGETS: 'false' });
    const app = geo.instances[0]!;
    const aliceKey = await apiKeyOf(app.app, 'alice');
    alice = webhooksClient(app.url, aliceKey);
    aliceStrict = webhooksClient(strict.url, aliceKey);
    bob = webhooksClient(app.url, await apiKeyOf(app.app, 'bob'));
  });

  afterAll(async () => {
    await geo.close();
  });

  it('needs an API key', async () => {
    const base = `${geo.instances[0]!.url}/api/v1/webhooks`;
    const none = await fetchJson(base);
    expect(none.status).toBe(401);
    expect(errorOf('code', none.body).code).toBe('api_key_required');
    const bad = await fetchJson(base, { headers: { authorization: 'Bearer geo_nope' } });
    expect(bad.status).toBe(401);
    expect(errorOf('code', bad.body).code).toBe('invalid_api_key');
  });

  it('creates a webhook: 201 with id, url, events (duplicates dropped), active, created_at', async () => {
    const created = await alice.create({
      url,
      events: ['permit.filed', 'score.changed', 'permit.filed'],
      secret: 'whsec_' + Buffer.alloc(32, 1).toString('base64'),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('private, no-store');
    expect(created.body).toEqual({
      id: expect.stringMatching(/^wh_[0-9A-Z]{26}$/),
      url,
      events: ['permit.filed', 'score.changed'],
      active: true,
      created_at: '2026-03-31T23:59:59.000Z',
    });
  });

  it.each([
    ['an http URL', { url: 'http://example.com/hook', events: ['permit.filed'] }, 'url'],
    ['a relative URL', { url: '/hook', events: ['permit.filed'] }, 'url'],
    [
      'credentials in the URL',
      { url: 'https://u:p@example.com/', events: ['permit.filed'] },
      'url',
    ],
    [
      'a URL over 2,048 characters',
      { url: `https://a.example/${'x'.repeat(2040)}`, events: ['permit.filed'] },
      'url',
    ],
    ['no events', { url, events: [] }, 'events'],
    ['an unknown event', { url, events: ['score.deleted'] }, 'events'],
    ['events that are not a list', { url, events: 'permit.filed' }, 'events'],
    ['no url', { events: ['permit.filed'] }, 'url'],
    [
      'a raw secret under 16 characters',
      { url, events: ['permit.filed'], secret: 'short' },
      'secret',
    ],
    [
      'a whsec secret of 8 bytes',
      { url, events: ['permit.filed'], secret: 'whsec_AAAAAAAAAAA=' },
      'secret',
    ],
    [
      'a whsec secret that is not base64',
      { url, events: ['permit.filed'], secret: 'whsec_!!!!' },
      'secret',
    ],
    [
      'a secret with a control character',
      { url, events: ['permit.filed'], secret: `${'a'.repeat(20)}\n` },
      'secret',
    ],
    ['an unknown field', { url, events: ['permit.filed'], filter: {} }, 'filter'],
  ])('refuses %s with 400 invalid_request', async (_label, body, field) => {
    const reply = await alice.create(body);
    expect(reply.status).toBe(400);
    expect(errorOf('code', reply.body).code).toBe('invalid_request');
    expect(JSON.stringify(reply.body)).toContain(field);
  });

  it.each([
    'https://127.0.0.1/hook',
    'https://127.1/hook',
    'https://2130706433/hook',
    'https://localhost/hook',
    'https://10.0.0.7/hook',
    'https://192.168.1.20/hook',
    'https://172.16.5.4/hook',
    'https://100.64.0.9/hook',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[::ffff:a9fe:a9fe]/hook',
    'https://[64:ff9b::a00:1]/hook',
    'https://[fe80::1]/hook',
    'https://[fd00::5]/hook',
  ])('refuses %s with 400 unsafe_url when private targets are not allowed', async (target) => {
    const reply = await aliceStrict.create({ url: target, events: ['permit.filed'] });
    expect(reply.status).toBe(400);
    expect(errorOf('code', reply.body).code).toBe('unsafe_url');
  });

  it('refuses a metadata address even where private targets are allowed', async () => {
    const reply = await alice.create({ url: 'https://169.254.169.254/', events: ['permit.filed'] });
    expect(reply.status).toBe(400);
    expect(errorOf('code', reply.body).code).toBe('unsafe_url');
  });

  it('refuses a host that does not resolve', async () => {
    const reply = await aliceStrict.create({
      url: 'https://no-such-host.webhooks.test/hook',
      events: ['permit.filed'],
    });
    expect(reply.status).toBe(400);
    expect(errorOf('code', reply.body).code).toBe('invalid_request');
  });

  it('stores the secret encrypted with the current key id, bound to the webhook, never returned', async () => {
    const secret = 'a raw secret with spaces, 42!';
    const created = await alice.create({ url, events: ['monitor.report'], secret });
    const id = (created.body as { id: string }).id;
    const [row] = (await geo.db.query(
      'SELECT secret_enc, secret_key_id FROM webhooks WHERE id = $1',
      [id],
    )) as { secret_enc: Buffer; secret_key_id: string }[];
    expect(row!.secret_key_id).toBe(secretsKeyId(TEST_SECRETS_KEY));
    expect(row!.secret_enc.includes(Buffer.from(secret))).toBe(false);
    expect(row!.secret_enc.toString('latin1')).not.toContain('raw secret');
    const box = new SecretBox(TEST_SECRETS_KEY);
    expect(box.decryptText({ keyId: row!.secret_key_id, ciphertext: row!.secret_enc }, id)).toBe(
      secret,
    );
    const listed = await alice.list();
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    expect(JSON.stringify(listed.body)).not.toContain('secret');
  });

  it('lists the owner’s webhooks newest first with delivery statistics, and no one else’s', async () => {
    const first = await bob.create({ url: `${url}/b1`, events: ['alert.triggered'] });
    const second = await bob.create({ url: `${url}/b2`, events: ['monitor.report'] });
    const listed = await bob.list<{ webhooks: Record<string, unknown>[] }>();
    expect(listed.status).toBe(200);
    expect(listed.body.webhooks).toEqual([
      {
        ...(second.body as object),
        disabled_reason: null,
        last_delivery: null,
        delivery_success_rate: null,
      },
      {
        ...(first.body as object),
        disabled_reason: null,
        last_delivery: null,
        delivery_success_rate: null,
      },
    ]);
    const aliceIds = (await alice.list()).body.webhooks.map((w) => w['id']);
    expect(aliceIds).not.toContain((first.body as { id: string }).id);
    expect((await bob.list('?owner=alice')).status).toBe(400);
  });

  it('answers 404 for another owner’s webhook on DELETE and PATCH, and leaves it alone', async () => {
    const mine = (await alice.create({ url, events: ['permit.filed'] })).body as { id: string };
    const remove = await bob.remove(`?id=${mine.id}`);
    expect(remove.status).toBe(404);
    expect(errorOf('code', remove.body).code).toBe('webhook_not_found');
    const patch = await bob.update(`?id=${mine.id}`, { active: false });
    expect(patch.status).toBe(404);
    expect(errorOf('code', patch.body).code).toBe('webhook_not_found');
    const listed = (await alice.list()).body.webhooks.find((w) => w['id'] === mine.id);
    expect(listed).toMatchObject({ active: true });
  });

  it('deletes by id: 400 without a wh_ id, 404 when unknown, then { success: true }', async () => {
    const mine = (await alice.create({ url, events: ['permit.filed'] })).body as { id: string };
    for (const query of ['', '?id=', '?id=abc', '?id=WH_1']) {
      const reply = await alice.remove(query);
      expect(reply.status).toBe(400);
      expect(errorOf('code', reply.body).code).toBe('invalid_request');
    }
    expect((await alice.remove('?id=wh_01ZZZZZZZZZZZZZZZZZZZZZZZZ')).status).toBe(404);
    expect((await alice.remove('?id=wh_x')).status).toBe(404);
    const deleted = await alice.remove(`?id=${mine.id}`);
    expect(deleted).toMatchObject({ status: 200, body: { success: true } });
    expect((await alice.remove(`?id=${mine.id}`)).status).toBe(404);
    expect((await alice.list()).body.webhooks.map((w) => w['id'])).not.toContain(mine.id);
  });

  it('PATCH disables, re-enables and changes events or url', async () => {
    const mine = (await alice.create({ url, events: ['permit.filed'] })).body as { id: string };
    const query = `?id=${mine.id}`;
    expect((await alice.update(query, {})).status).toBe(400);
    expect((await alice.update(query, { active: 'yes' })).status).toBe(400);
    const off = await alice.update(query, { active: false });
    expect(off).toMatchObject({ status: 200, body: { active: false, disabled_reason: 'manual' } });
    await geo.db.query('UPDATE webhooks SET consecutive_dead = 9 WHERE id = $1', [mine.id]);
    const on = await alice.update(query, {
      active: true,
      events: ['alert.triggered', 'alert.triggered'],
    });
    expect(on.body).toMatchObject({
      id: mine.id,
      active: true,
      disabled_reason: null,
      events: ['alert.triggered'],
    });
    const [row] = (await geo.db.query('SELECT consecutive_dead FROM webhooks WHERE id = $1', [
      mine.id,
    ])) as { consecutive_dead: number }[];
    expect(row!.consecutive_dead).toBe(0);
    expect((await alice.update(query, { url: 'http://example.com/' })).status).toBe(400);
    const unsafe = await aliceStrict.update(query, { url: 'https://10.1.1.1/x' });
    expect(errorOf('code', unsafe.body).code).toBe('unsafe_url');
    const moved = await alice.update(query, { url: `${url}/v2` });
    expect(moved.body).toMatchObject({ url: `${url}/v2` });
  });

  it('allows 25 webhooks per owner, then 409 webhook_limit_reached', async () => {
    const carol = webhooksClient(
      geo.instances[0]!.url,
      await apiKeyOf(geo.instances[0]!.app, 'carol'),
    );
    const created = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        carol.create({ url: `${url}/${i}`, events: ['permit.filed'] }),
      ),
    );
    expect(created.map((r) => r.status)).toEqual(Array.from({ length: 25 }, () => 201));
    const over = await carol.create({ url, events: ['permit.filed'] });
    expect(over.status).toBe(409);
    expect(errorOf('code', over.body).code).toBe('webhook_limit_reached');
  });
});
