import { waitFor } from '@platform/testing';
import { Client } from 'pg';
import { FAKE_PROMPT_TOKENS } from './support/fake-openai';
import {
  mintKey,
  PRICES,
  ProxyHarness,
  startProxy,
  waitForSettledSpend,
} from './support/proxy-harness';

/**
 * The client's body bytes go upstream untouched when nothing in them has to change, and are
 * serialised again from the checked request when something does.
 */
describe('client API: forwarding the request body', () => {
  let proxy: ProxyHarness;
  let base: string;

  beforeAll(async () => {
    proxy = await startProxy();
    base = proxy.instances[0]!.url;
  });
  afterAll(() => proxy.close());

  const send = (key: string, raw: string): Promise<Response> =>
    fetch(`${base}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: raw,
    });
  const lastSeen = (): { body: Record<string, unknown>; raw: string } =>
    proxy.upstream.seen[proxy.upstream.seen.length - 1]!;

  it('forwards an unchanged body byte for byte, and still records its usage and settles it', async () => {
    const { id, key } = await mintKey(base, { tpm: 100_000, monthly_budget_usd: 1 });
    // Odd spacing, key order, an unknown field and escapes: all kept as the client wrote them.
    const raw =
      '{ "temperature" : 0.25,\n "messages": [{"role":"user","content":"caf\\u00e9 \\"quoted\\""}],' +
      ' "model":"pricey", "max_tokens": 12, "x_vendor_field": {"b": 1, "a": [2, 1]} }';
    const answer = await send(key, raw);
    expect(answer.status).toBe(200);
    expect(lastSeen().raw).toBe(raw);

    const db = new Client({ connectionString: proxy.resources.database.url });
    await db.connect();
    try {
      await waitFor(
        async () =>
          (await db.query('SELECT 1 FROM proxy_requests WHERE key_id = $1', [id])).rowCount === 1,
        5000,
        'the usage row',
      );
      const { rows } = await db.query(
        'SELECT prompt_tokens, completion_tokens, cost_micro_usd, prefix_hash, last_user_hash FROM proxy_requests WHERE key_id = $1',
        [id],
      );
      expect(rows[0]).toMatchObject({
        prompt_tokens: FAKE_PROMPT_TOKENS,
        completion_tokens: 12,
        cost_micro_usd: String(
          FAKE_PROMPT_TOKENS * PRICES.pricey.input + 12 * PRICES.pricey.output,
        ),
        prefix_hash: expect.any(String),
        last_user_hash: expect.any(String),
      });
    } finally {
      await db.end();
    }
    await waitForSettledSpend(
      proxy,
      id,
      FAKE_PROMPT_TOKENS * PRICES.pricey.input + 12 * PRICES.pricey.output,
      'the reservation to be settled at the reported usage',
    );
  });

  it('rebuilds every stream with exactly one include_usage: true, duplicates inside included', async () => {
    const { key } = await mintKey(base);
    for (const raw of [
      '{"model":"cheap","stream":true,"stream_options":{"include_usage":true},' +
        '"messages":[{"role":"user","content":"hi"}]}',
      '{"model":"cheap","stream":true,"stream_options":{"include_usage":false,"include_usage":true},' +
        '"messages":[{"role":"user","content":"hi"}]}',
      '{"model":"cheap","stream":true,"messages":[{"role":"user","content":"hi"}]}',
    ]) {
      const answer = await send(key, raw);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain('[DONE]');
      // Rebuilt: the same bytes only when the client already wrote exactly what we would.
      expect(lastSeen().raw.match(/include_usage/g)).toHaveLength(1);
      expect(lastSeen().body['stream_options']).toEqual({ include_usage: true });
    }
  });

  it('serialises again when a top-level key is written twice, so the upstream reads the checked model', async () => {
    // JSON.parse keeps the last copy; an upstream keeping the first would read `pricey`.
    const { key } = await mintKey(base, { allowed_models: ['cheap'] });
    const raw = '{"model":"pricey","messages":[{"role":"user","content":"hi"}],"model":"cheap"}';
    const answer = await send(key, raw);
    expect(answer.status).toBe(200);
    expect(lastSeen().raw).not.toBe(raw);
    expect(lastSeen().raw.match(/"model"/g)).toHaveLength(1);
    expect(lastSeen().body['model']).toBe('cheap');
  });

  it('serialises again when a duplicate is spelled with escapes, or the bytes are not UTF-8', async () => {
    const { key } = await mintKey(base, { allowed_models: ['cheap'] });
    const escaped =
      '{"model":"pricey","messages":[{"role":"user","content":"hi"}],"\\u006dodel":"cheap"}';
    expect((await send(key, escaped)).status).toBe(200);
    expect(lastSeen().raw.match(/"model"/g)).toHaveLength(1);
    expect(lastSeen().body['model']).toBe('cheap');

    const notUtf8 = Buffer.concat([
      Buffer.from('{"model":"cheap","messages":[{"role":"user","content":"caf'),
      Buffer.from([0xc3]),
      Buffer.from('"}]}'),
    ]);
    const answer = await fetch(`${base}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: notUtf8,
    });
    expect(answer.status).toBe(200);
    expect(Buffer.from(lastSeen().raw).equals(notUtf8)).toBe(false);
    expect(lastSeen().body['model']).toBe('cheap');
  });

  it('refuses a body nested deeper than the platform allows with 400, before anything goes upstream', async () => {
    const { key } = await mintKey(base);
    const seen = proxy.upstream.seen.length;
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const raw = `{"model":"cheap","messages":[{"role":"user","content":"hi","x":${deep}}]}`;
    const answer = await send(key, raw);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: { code: 'invalid_request' } });
    expect(proxy.upstream.seen.length).toBe(seen);
  });
});
