import { loadConfig, ProxyAdminConfig } from '@platform/config';
import { ServiceHarness, startServiceHarness, waitFor } from '@platform/testing';
import Redis from 'ioredis';
import { createApp } from '../../src/create-app';
import { migrations } from '../../src/migrations';
import { FakeOpenAi, startFakeOpenAi, UPSTREAM_KEY } from './fake-openai';

export const ADMIN_SECRET = 'test-admin-secret-0123456789abcdef';
/** Models the fake upstream serves; `cheap` and `pricey` have prices. */
export const MODELS = [
  'cheap',
  'pricey',
  'free',
  'upstream-500',
  'upstream-429',
  'upstream-html',
  'upstream-hang',
  'upstream-slow',
];
/** USD per million tokens = micro-USD per token. */
export const PRICES = { cheap: { input: 1, output: 2 }, pricey: { input: 100, output: 200 } };

export interface ProxyHarness extends ServiceHarness<ProxyAdminConfig> {
  upstream: FakeOpenAi;
}

/** One test file's proxy: its own database, Redis prefix and clock, a fake upstream, N replicas. */
export async function startProxy(
  extraEnv: Record<string, string> = {},
  replicas = 1,
): Promise<ProxyHarness> {
  const upstream = await startFakeOpenAi();
  const harness = await startServiceHarness({
    service: 'proxy_admin',
    redisPrefixBase: 'pa:',
    migrations,
    loadConfig: (env) => loadConfig(ProxyAdminConfig, env),
    createApp,
    replicas,
    env: {
      ADMIN_SECRET,
      UPSTREAMS: JSON.stringify([
        { name: 'fake', base_url: upstream.baseUrl, api_key: UPSTREAM_KEY, models: MODELS },
      ]),
      PRICING: JSON.stringify(
        Object.fromEntries(
          Object.entries(PRICES).map(([m, p]) => [
            m,
            { input_usd_per_mtok: p.input, output_usd_per_mtok: p.output },
          ]),
        ),
      ),
      UPSTREAM_TIMEOUT_MS: '1500',
      USAGE_FLUSH_INTERVAL_MS: '50',
      ...extraEnv,
    },
    onClose: () => upstream.close(),
  });
  return { ...harness, upstream };
}

export interface MintOptions {
  alias?: string;
  team_id?: string;
  allowed_models?: string[];
  expires_at?: string;
  rpm?: number;
  tpm?: number;
  monthly_budget_usd?: number;
  metadata?: Record<string, string>;
}

export async function adminFetch(
  base: string,
  path: string,
  init: RequestInit & { token?: string } = {},
): Promise<Response> {
  const { token = ADMIN_SECRET, headers, ...rest } = init;
  return fetch(`${base}${path}`, {
    ...rest,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(headers as Record<string, string>),
    },
  });
}

/** Mints a key through the admin API and returns its id and plaintext. */
export async function mintKey(
  base: string,
  options: MintOptions = {},
): Promise<{ id: string; key: string }> {
  const response = await adminFetch(base, '/admin/keys', {
    method: 'POST',
    body: JSON.stringify({ alias: 'test-key', ...options }),
  });
  if (response.status !== 201)
    throw new Error(`mint failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { id: string; key: string };
  return { id: body.id, key: body.key };
}

export async function chat(
  base: string,
  key: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${base}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ messages: [{ role: 'user', content: 'Say hello' }], ...body }),
  });
}

/**
 * Waits until a key's month-to-date spend in Redis is `expectedMicroUsd` (settles run behind the
 * responses) and returns it.
 */
export async function waitForSettledSpend(
  proxy: ProxyHarness,
  keyId: string,
  expectedMicroUsd: number,
  what: string,
): Promise<number> {
  const redis = new Redis(proxy.resources.redisUrl, { keyPrefix: proxy.resources.redisPrefix });
  try {
    const month = proxy.clock.now().toISOString().slice(0, 7);
    let spent = 0;
    await waitFor(
      async () => {
        spent = Number(await redis.get(`spend:${keyId}:${month}`));
        return spent === expectedMicroUsd;
      },
      5000,
      what,
    );
    return spent;
  } finally {
    redis.disconnect();
  }
}
