import OpenAI from 'openai';
import { Client } from 'pg';
import { waitFor } from '@platform/testing';
import { FAKE_PROMPT_TOKENS } from './support/fake-openai';
import { adminFetch, chat, mintKey, ProxyHarness, startProxy } from './support/proxy-harness';

interface OpenAiErrorBody {
  error: { message: string; type: string; code: string };
}

describe('client API: POST /v1/chat/completions and GET /v1/models', () => {
  let proxy: ProxyHarness;
  let base: string;

  beforeAll(async () => {
    proxy = await startProxy();
    base = proxy.instances[0]!.url;
  });
  afterAll(() => proxy.close());

  it('works with the official openai client, plain and streaming, routed with the upstream key', async () => {
    const { key } = await mintKey(base);
    const client = new OpenAI({ apiKey: key, baseURL: `${base}/v1`, maxRetries: 0 });

    const completion = await client.chat.completions.create({
      model: 'cheap',
      messages: [{ role: 'user', content: 'Say hello' }],
    });
    expect(completion.choices[0]!.message.content).toBe('Hello from the fake upstream');
    expect(completion.usage).toMatchObject({ prompt_tokens: FAKE_PROMPT_TOKENS });
    const forwarded = proxy.upstream.seen.at(-1)!;
    expect(forwarded.authorization).toBe('Bearer sk-upstream-test-key');
    expect(forwarded.body['model']).toBe('cheap');

    const stream = await client.chat.completions.create({
      model: 'cheap',
      messages: [{ role: 'user', content: 'Say hello' }],
      stream: true,
    });
    let text = '';
    let chunks = 0;
    for await (const chunk of stream) {
      chunks += 1;
      text += chunk.choices[0]?.delta?.content ?? '';
    }
    expect(text).toBe('Hello from the fake upstream');
    expect(chunks).toBeGreaterThanOrEqual(6);
  });

  it('passes SSE through untouched, [DONE] included, and reports proxy overhead', async () => {
    const { key } = await mintKey(base);
    const response = await chat(base, key, { model: 'cheap', stream: true });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(Number(response.headers.get('x-proxy-overhead-ms'))).toBeGreaterThanOrEqual(0);
    const text = await response.text();
    expect(text.trim().endsWith('data: [DONE]')).toBe(true);
    expect(text).toContain('"usage"');

    const plain = await chat(base, key, { model: 'cheap' });
    expect(Number(plain.headers.get('x-proxy-overhead-ms'))).toBeGreaterThanOrEqual(0);
    expect(plain.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 400 invalid_request for a NUL character anywhere in the body', async () => {
    const { key } = await mintKey(base);
    const response = await chat(base, key, { model: 'cheap\u0000' });
    expect(response.status).toBe(400);
    const body = (await response.json()) as OpenAiErrorBody & { error: { details: unknown } };
    expect(body.error.code).toBe('invalid_request');
    expect(body.error.details).toEqual([
      { field: 'model', message: 'model must not contain a NUL character' },
    ]);
  });

  it('refuses missing, unknown, malformed and admin credentials with 401 in the OpenAI shape', async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, 'missing_api_key'],
      [{ authorization: `Bearer sk-proxy-${'A'.repeat(43)}` }, 'invalid_api_key'],
      [{ authorization: 'Bearer sk-proxy-short' }, 'invalid_api_key'],
      [{ authorization: 'Bearer test-admin-secret-0123456789abcdef' }, 'invalid_api_key'],
      [{ authorization: 'Basic abc' }, 'missing_api_key'],
    ];
    for (const [headers, code] of cases) {
      const response = await fetch(`${base}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ model: 'cheap', messages: [{ role: 'user', content: 'x' }] }),
      });
      expect(response.status).toBe(401);
      const body = (await response.json()) as OpenAiErrorBody;
      expect(body.error).toMatchObject({ code, type: 'authentication_error' });
    }
  });

  it('answers 403 model_not_allowed outside allowed_models and lists only allowed models', async () => {
    const { key } = await mintKey(base, { allowed_models: ['cheap'] });
    const denied = await chat(base, key, { model: 'pricey' });
    expect(denied.status).toBe(403);
    expect(((await denied.json()) as OpenAiErrorBody).error.code).toBe('model_not_allowed');
    expect(proxy.upstream.seen.some((s) => s.body['model'] === 'pricey')).toBe(false);

    const models = (await (
      await fetch(`${base}/v1/models`, { headers: { authorization: `Bearer ${key}` } })
    ).json()) as { object: string; data: { id: string; owned_by: string }[] };
    expect(models).toEqual({
      object: 'list',
      data: [{ id: 'cheap', object: 'model', created: 0, owned_by: 'fake' }],
    });

    const open = await mintKey(base);
    const all = (await (
      await fetch(`${base}/v1/models`, { headers: { authorization: `Bearer ${open.key}` } })
    ).json()) as {
      data: { id: string }[];
    };
    expect(all.data.map((m) => m.id)).toEqual(expect.arrayContaining(['cheap', 'pricey', 'free']));
  });

  it('resolves aliases before routing, and allows a key listing either name', async () => {
    const put = await adminFetch(base, '/admin/model-aliases/fast', {
      method: 'PUT',
      body: JSON.stringify({ model: 'cheap' }),
    });
    expect(put.status).toBe(200);
    const { key } = await mintKey(base, { allowed_models: ['fast'] });
    const response = await chat(base, key, { model: 'fast' });
    expect(response.status).toBe(200);
    expect(proxy.upstream.seen.at(-1)!.body['model']).toBe('cheap');
    const models = (await (
      await fetch(`${base}/v1/models`, { headers: { authorization: `Bearer ${key}` } })
    ).json()) as {
      data: { id: string }[];
    };
    expect(models.data.map((m) => m.id)).toEqual(['fast']);
  });

  it('answers unknown client routes and methods with 404 in the OpenAI shape', async () => {
    const { key } = await mintKey(base);
    for (const [method, path] of [
      ['GET', '/v1/chat/completions'],
      ['POST', '/v1/completions'],
      ['GET', '/v1/models/cheap/extra'],
    ]) {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}` },
      });
      expect(response.status).toBe(404);
      expect(((await response.json()) as OpenAiErrorBody).error).toMatchObject({
        code: 'not_found',
        type: 'not_found_error',
      });
    }
  });

  it('answers 404 model_not_found for a model no upstream serves', async () => {
    const { key } = await mintKey(base);
    const response = await chat(base, key, { model: 'nonexistent-model' });
    expect(response.status).toBe(404);
    expect(((await response.json()) as OpenAiErrorBody).error).toMatchObject({
      code: 'model_not_found',
      type: 'not_found_error',
    });
  });

  it('passes upstream errors on in the OpenAI shape and answers 502 when the upstream does not', async () => {
    const { key } = await mintKey(base);
    const broken = await chat(base, key, { model: 'upstream-500' });
    expect(broken.status).toBe(500);
    expect(await broken.json()).toEqual({
      error: { message: 'The upstream broke', type: 'server_error', code: 'upstream_boom' },
    });

    const limited = await chat(base, key, { model: 'upstream-429' });
    expect(limited.status).toBe(429);

    const html = await chat(base, key, { model: 'upstream-html' });
    expect(html.status).toBe(503);
    expect(((await html.json()) as OpenAiErrorBody).error.code).toBe('upstream_error');

    const hung = await chat(base, key, { model: 'upstream-hang' });
    expect(hung.status).toBe(502);
    expect(((await hung.json()) as OpenAiErrorBody).error).toMatchObject({
      code: 'upstream_error',
      type: 'api_error',
    });
  });

  it('answers 502 upstream_error when the upstream is unreachable', async () => {
    const gone = await proxy.startInstance({
      UPSTREAMS: JSON.stringify([
        { name: 'gone', base_url: 'http://127.0.0.1:1/v1', api_key: 'x', models: ['cheap'] },
      ]),
    });
    const { key } = await mintKey(base);
    const response = await chat(gone.url, key, { model: 'cheap' });
    expect(response.status).toBe(502);
    expect(((await response.json()) as OpenAiErrorBody).error.code).toBe('upstream_error');
  });

  it('refuses with 503 limits_unavailable when Redis cannot be reached (fails closed)', async () => {
    const { key } = await mintKey(base);
    const noRedis = await proxy.startInstance({ REDIS_URL: 'redis://127.0.0.1:1' });
    const response = await chat(noRedis.url, key, { model: 'cheap' });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(((await response.json()) as OpenAiErrorBody).error).toMatchObject({
      code: 'limits_unavailable',
      type: 'api_error',
    });
  });

  it('answers malformed bodies with 400 and details, never 500', async () => {
    const { key } = await mintKey(base);
    const cases: [unknown, string][] = [
      [{ messages: [{ role: 'user', content: 'x' }] }, 'model'],
      [{ model: 'cheap', messages: [] }, 'messages'],
      [{ model: 'cheap', messages: 'hi' }, 'messages'],
      [{ model: 'cheap', messages: [{ content: 'no role' }] }, 'messages[0]'],
      [
        { model: 'cheap', messages: [{ role: 'user', content: 'x' }], max_tokens: -1 },
        'max_tokens',
      ],
      [{ model: 'cheap', messages: [{ role: 'user', content: 'x' }], stream: 'yes' }, 'stream'],
      [[1, 2], 'body'],
    ];
    for (const [body, field] of cases) {
      const response = await fetch(`${base}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(400);
      const error = (
        (await response.json()) as { error: { code: string; details: { field: string }[] } }
      ).error;
      expect(error.code).toBe('invalid_request');
      expect(error.details.map((d) => d.field)).toContain(field);
    }
    const broken = await fetch(`${base}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: '{"model":',
    });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as OpenAiErrorBody).error.code).toBe('invalid_json');
  });

  it('writes one usage row per finished request, behind the response', async () => {
    const { id, key } = await mintKey(base, { team_id: 'team-usage' });
    await chat(base, key, { model: 'pricey', max_tokens: 10 }, { 'X-Session-Id': 'session-42' });
    await chat(base, key, { model: 'pricey', stream: true, max_tokens: 10 });
    await chat(base, key, { model: 'upstream-500' });
    const db = new Client({ connectionString: proxy.resources.database.url });
    await db.connect();
    try {
      let rows: Record<string, unknown>[] = [];
      await waitFor(
        async () => {
          rows = (
            await db.query('SELECT * FROM proxy_requests WHERE key_id = $1 ORDER BY started_at', [
              id,
            ])
          ).rows;
          return rows.length === 3;
        },
        5000,
        'three usage rows',
      );
      expect(rows[0]).toMatchObject({
        team_id: 'team-usage',
        session_id: 'session-42',
        requested_model: 'pricey',
        resolved_model: 'pricey',
        stream: false,
        prompt_tokens: FAKE_PROMPT_TOKENS,
        completion_tokens: 10,
        cost_micro_usd: String(FAKE_PROMPT_TOKENS * 100 + 10 * 200),
        status: 200,
      });
      expect(rows[1]).toMatchObject({ stream: true, completion_tokens: 10, status: 200 });
      expect(rows[1]!['session_id']).toMatch(new RegExp(`^${id}:\\d{4}-\\d{2}-\\d{2}T\\d{2}$`));
      expect(rows[2]).toMatchObject({
        status: 500,
        error_code: 'upstream_error',
        cost_micro_usd: '0',
      });
      for (const row of rows) {
        expect(row['upstream_latency_ms']).toEqual(expect.any(Number));
        expect(row['overhead_ms']).toEqual(expect.any(Number));
        expect(row['prefix_hash']).toMatch(/^[0-9a-f]{64}$/);
      }
      const key = await db.query('SELECT last_used_at FROM virtual_keys WHERE id = $1', [id]);
      expect(key.rows[0].last_used_at).toBeInstanceOf(Date);
    } finally {
      await db.end();
    }
  });
});
