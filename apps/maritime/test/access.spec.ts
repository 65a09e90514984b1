// API keys, plans and the fleet-wide sliding-window rate limit on real PostgreSQL and Redis.
import { FixedClock } from '@platform/clock';
import { expectErrorBody, fetchJson, startTcpProxy, waitFor } from '@platform/testing';
import Redis from 'ioredis';
import { ApiKeyVersions } from '../src/platform/api-keys/api-key-versions';
import { ApiKeysService } from '../src/platform/api-keys/api-keys.service';
import { maritimeForFile } from './support/maritime-harness';

const maritime = maritimeForFile({ replicas: 2, env: { TRUST_PROXY_HOPS: '1' } });

function rateHeaders(headers: Headers): { limit: number; remaining: number; reset: number } {
  return {
    limit: Number(headers.get('x-ratelimit-limit')),
    remaining: Number(headers.get('x-ratelimit-remaining')),
    reset: Number(headers.get('x-ratelimit-reset')),
  };
}

describe('access: keys, plans and rate limits', () => {
  it('serves the plan table to anyone, with the caller tier', async () => {
    const reply = await maritime.get<{ plans: { plan: string }[]; tier: string }>('/api/v1/plans');
    expect(reply.status).toBe(200);
    expect(reply.body.tier).toBe('free');
    expect(reply.body.plans.map((p) => p.plan)).toEqual([
      'anonymous',
      'free',
      'starter',
      'pro',
      'supply_chain_risk',
      'admin',
    ]);
  });

  it('answers /me for a key with its plan, rate and usage; 401 without a key or with a bad one', async () => {
    const key = await maritime.mintKey('starter', { owner: 'acme' });
    const me = await maritime.get<Record<string, unknown>>('/api/v1/me', key);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      key: { owner_id: 'acme', analyst: false },
      plan: { plan: 'starter', requests_per_minute: 600, history_days: 30 },
      rate_limit_per_min: 600,
      usage: { requests_last_minute: 1, remaining: 599 },
      tier: 'starter',
    });
    expect(JSON.stringify(me.body)).not.toContain(key);
    const anonymous = await maritime.get('/api/v1/me');
    expect(anonymous.status).toBe(401);
    expectErrorBody('code', anonymous.body, 'api_key_required');
    const unknown = await maritime.get('/api/v1/me', `mk_${'Z'.repeat(40)}`);
    expect(unknown.status).toBe(401);
    expectErrorBody('code', unknown.body, 'invalid_api_key');
    const malformed = await maritime.get('/api/v1/me', 'not-a-key');
    expect(malformed.status).toBe(401);
    expectErrorBody('code', malformed.body, 'invalid_api_key');
  });

  it('refuses a revoked key on the very next request, on a replica holding it in memory', async () => {
    const key = await maritime.mintKey('pro', { owner: 'revoked-owner' });
    const [a, b] = maritime.harness.instances;
    for (const replica of [a!, b!]) {
      const reply = await fetchJson(`${replica.url}/api/v1/me`, { headers: { 'x-api-key': key } });
      expect(reply.status).toBe(200);
    }
    const service = b!.app.get(ApiKeysService);
    const [record] = await service.list('revoked-owner');
    await service.revoke(record!.id);
    for (const replica of [a!, b!]) {
      const after = await fetchJson(`${replica.url}/api/v1/me`, { headers: { 'x-api-key': key } });
      expect(after.status).toBe(401);
      expectErrorBody('code', after.body, 'invalid_api_key');
    }
  });

  it('answers a known key from memory, trusting the copy for a minute at most', async () => {
    const key = await maritime.mintKey('starter', { owner: 'memory-owner' });
    const replica = maritime.harness.instances[0]!.url;
    const status = async (): Promise<number> =>
      (await fetch(`${replica}/api/v1/plans`, { headers: { 'x-api-key': key } })).status;
    expect(await status()).toBe(200);
    // Revoked behind the service's back (no version published): the copy still answers...
    await maritime.harness.db.query(
      `UPDATE api_keys SET revoked_at = now() WHERE owner_id = 'memory-owner'`,
    );
    expect(await status()).toBe(200);
    // ...until it expires, whatever Redis knows.
    (maritime.harness.clock as FixedClock).advance(61_000);
    expect(await status()).toBe(401);
  });

  it('reads a key again when the version published for it is newer than the copy', async () => {
    const key = await maritime.mintKey('starter', { owner: 'version-owner' });
    const replica = maritime.harness.instances[0]!;
    const limitNow = async (): Promise<string | null> =>
      (await fetch(`${replica.url}/api/v1/plans`, { headers: { 'x-api-key': key } })).headers.get(
        'x-ratelimit-limit',
      );
    expect(await limitNow()).toBe('600');
    // A change made elsewhere: the row (version 1) and then its publication, as the service does.
    const [rows] = (await maritime.harness.db.query(
      `UPDATE api_keys SET rate_limit_per_min = 7, version = version + 1
       WHERE owner_id = 'version-owner' RETURNING id, version`,
    )) as [{ id: string; version: number }[], number];
    const row = rows[0];
    expect(await limitNow()).toBe('600');
    await replica.app.get(ApiKeyVersions).publish(row!.id, row!.version);
    expect(await limitNow()).toBe('7');
    const metrics = await (await fetch(`${replica.url}/metrics`)).text();
    for (const source of ['memory', 'database', 'reload_outdated'])
      expect(metrics).toMatch(
        new RegExp(`^mar_api_key_resolutions_total\\{source="${source}"[^}]*\\} [1-9]`, 'm'),
      );
  });

  it('publishes versions that only rise and never expire', async () => {
    const versions = maritime.harness.instances[0]!.app.get(ApiKeyVersions);
    const id = '00000000-0000-4000-8000-0000000000aa';
    expect(await versions.publish(id, 3)).toBe(3);
    // A change that published late, out of order, leaves the higher version in place.
    expect(await versions.publish(id, 2)).toBe(3);
    const redis = new Redis(maritime.harness.resources.redisUrl, {
      keyPrefix: maritime.harness.resources.redisPrefix,
    });
    try {
      expect(await redis.get(`kv:{k:${id}}`)).toBe('3');
      expect(await redis.pttl(`kv:{k:${id}}`)).toBe(-1);
    } finally {
      redis.disconnect();
    }
  });

  it('drops its copies when its Redis connection comes back, so a lost version lets nothing through', async () => {
    const { resources } = maritime.harness;
    const target = new URL(resources.redisUrl);
    const cut = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    const replica = await maritime.harness.startInstance({
      REDIS_URL: `redis://127.0.0.1:${cut.port}`,
    });
    const raw = new Redis(resources.redisUrl, { keyPrefix: resources.redisPrefix });
    try {
      const key = await maritime.mintKey('pro', { owner: 'lost-version-owner' });
      const me = (): Promise<number> =>
        fetch(`${replica.url}/api/v1/me`, { headers: { 'x-api-key': key } }).then((r) => r.status);
      expect(await me()).toBe(200);
      const service = maritime.harness.instances[0]!.app.get(ApiKeysService);
      const [record] = await service.list('lost-version-owner');
      await service.revoke(record!.id);
      // Redis restarts without its data: the published version is gone...
      await raw.del(`kv:{k:${record!.id}}`);
      await cut.cut();
      await cut.restore();
      // ...and once the replica's connection is back (its rate limiter counts again),
      await waitFor(
        async () => {
          const reply = await fetch(`${replica.url}/api/v1/plans`);
          return Number(reply.headers.get('x-ratelimit-remaining')) < 60;
        },
        10_000,
        'the replica to reconnect to Redis',
      );
      // ...its copy of the key made before the revocation is gone too.
      expect(await me()).toBe(401);
    } finally {
      raw.disconnect();
      await cut.close();
    }
  });

  it('reads the key from PostgreSQL when Redis stalls past the deadline', async () => {
    const target = new URL(maritime.harness.resources.redisUrl);
    const stall = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    const replica = await maritime.harness.startInstance({
      REDIS_URL: `redis://127.0.0.1:${stall.port}`,
    });
    try {
      const key = await maritime.mintKey('pro', { owner: 'stalled-owner' });
      const me = (): Promise<Response> =>
        fetch(`${replica.url}/api/v1/me`, { headers: { 'x-api-key': key } });
      expect((await me()).status).toBe(200);
      await maritime.harness.db.query(
        `UPDATE api_keys SET revoked_at = now() WHERE owner_id = 'stalled-owner'`,
      );
      stall.hold();
      // Connected but silent: the limiter gives up after 250 ms and the copy is not trusted.
      expect((await me()).status).toBe(401);
    } finally {
      stall.release();
      await stall.close();
    }
  });

  it('records last_used_at at most once a minute per replica, not with every request', async () => {
    const key = await maritime.mintKey('pro', { owner: 'touch-owner' });
    const replica = maritime.harness.instances[0]!.url;
    const lastUsed = async (): Promise<unknown> => {
      const rows = (await maritime.harness.db.query(
        `SELECT last_used_at FROM api_keys WHERE owner_id = 'touch-owner'`,
      )) as { last_used_at: unknown }[];
      return rows[0]!.last_used_at;
    };
    const call = async (): Promise<void> => {
      const reply = await fetchJson(`${replica}/api/v1/me`, { headers: { 'x-api-key': key } });
      expect(reply.status).toBe(200);
    };
    await call();
    await waitFor(async () => (await lastUsed()) !== null, 5_000, 'the first use to be recorded');
    await maritime.harness.db.query(
      `UPDATE api_keys SET last_used_at = NULL WHERE owner_id = 'touch-owner'`,
    );
    await call();
    await call();
    // Nothing more was written within the minute (a write would have landed by now)...
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await lastUsed()).toBeNull();
    // ...and the first use after it is recorded again.
    (maritime.harness.clock as FixedClock).advance(61_000);
    await call();
    await waitFor(async () => (await lastUsed()) !== null, 5_000, 'the next minute to be recorded');
  });

  it('counts an anonymous IP across replicas: 60 pass, the 61st is 429 on either replica', async () => {
    const clock = maritime.harness.clock as FixedClock;
    const ip = '203.0.113.61';
    const [a, b] = maritime.harness.instances.map((i) => i.url);
    // One second of the window per request, so Reset moves with the oldest counted bucket.
    const statuses: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      const reply = await fetch(`${i % 2 ? a : b}/api/v1/plans`, {
        headers: { 'x-forwarded-for': ip },
      });
      statuses.push(reply.status);
      if (i === 0) expect(rateHeaders(reply.headers)).toMatchObject({ limit: 60, remaining: 59 });
      await reply.arrayBuffer();
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    for (const target of [a, b]) {
      const refused = await fetchJson(`${target}/api/v1/plans`, {
        headers: { 'x-forwarded-for': ip },
      });
      expect(refused.status).toBe(429);
      expectErrorBody('code', refused.body, 'rate_limited');
      const headers = rateHeaders(refused.headers);
      expect(headers.remaining).toBe(0);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(headers.reset).toBeGreaterThan(clock.nowMs() / 1000);
    }
    // A minute later the window has slid past every counted request.
    clock.advance(60_000);
    expect((await fetch(`${a}/api/v1/plans`, { headers: { 'x-forwarded-for': ip } })).status).toBe(
      200,
    );
  });

  it('puts the three headers on 200, 400, 401, 404 and 429 answers alike', async () => {
    const ip = { 'x-forwarded-for': '203.0.113.70' };
    const url = maritime.url;
    const answers = [
      await fetch(`${url}/api/v1/plans`, { headers: ip }),
      await fetch(`${url}/api/v1/vessels?limit=0`, { headers: ip }),
      await fetch(`${url}/api/v1/me`, { headers: ip }),
      await fetch(`${url}/api/v1/ports/atlantis`, { headers: ip }),
      await fetch(`${url}/api/v1/no-such-route`, { headers: ip }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 400, 401, 404, 404]);
    const clock = maritime.harness.clock as FixedClock;
    for (const answer of answers) {
      const headers = rateHeaders(answer.headers);
      expect(headers.limit).toBe(60);
      expect(headers.remaining).toBeGreaterThanOrEqual(0);
      expect(headers.reset).toBeGreaterThan(clock.nowMs() / 1000);
    }
    expect(answers.map((a) => rateHeaders(a.headers).remaining)).toEqual([59, 58, 57, 56, 55]);
  });

  it('gives a starter key 600 requests a minute, then 429; a custom rate overrides the plan', async () => {
    const starter = await maritime.mintKey('starter', { owner: 'busy' });
    let last = 0;
    for (let i = 0; i < 600; i += 1) {
      const reply = await fetch(`${maritime.url}/api/v1/me`, { headers: { 'x-api-key': starter } });
      last = reply.status;
      await reply.arrayBuffer();
      if (last !== 200) break;
    }
    expect(last).toBe(200);
    const refused = await maritime.get('/api/v1/me', starter);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-limit')).toBe('600');
    const custom = await maritime.mintKey('supply_chain_risk', { owner: 'custom', rate: 3 });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await maritime.get('/api/v1/me', custom)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('fails open when Redis is away: answered at once, Remaining = Limit, counted in metrics', async () => {
    const redisUrl = new URL(maritime.harness.resources.redisUrl);
    const cut = await startTcpProxy({
      host: redisUrl.hostname,
      port: Number(redisUrl.port || 6379),
    });
    const replica = await maritime.harness.startInstance({
      REDIS_URL: `redis://127.0.0.1:${cut.port}`,
    });
    const cachedKey = await maritime.mintKey('pro', { owner: 'away-owner' });
    const liveKey = await maritime.mintKey('pro', { owner: 'live-owner' });
    try {
      expect((await fetch(`${replica.url}/api/v1/plans`)).status).toBe(200);
      for (const key of [cachedKey, liveKey]) {
        const reply = await fetch(`${replica.url}/api/v1/me`, { headers: { 'x-api-key': key } });
        expect(reply.status).toBe(200);
      }
      await cut.cut();
      const reply = await fetch(`${replica.url}/api/v1/plans`);
      expect(reply.status).toBe(200);
      expect(rateHeaders(reply.headers)).toMatchObject({ limit: 60, remaining: 60 });
      const metrics = await (await fetch(`${replica.url}/metrics`)).text();
      expect(metrics).toMatch(/^mar_ratelimit_failopen_total(\{[^}]*\})? [1-9]/m);
      // Redis cannot vouch for keys held in memory, so PostgreSQL decides: a revocation still
      // counts on the next request.
      await maritime.harness.db.query(
        `UPDATE api_keys SET revoked_at = now() WHERE owner_id = 'away-owner'`,
      );
      const revoked = await fetchJson(`${replica.url}/api/v1/me`, {
        headers: { 'x-api-key': cachedKey },
      });
      expect(revoked.status).toBe(401);
      const live = await fetch(`${replica.url}/api/v1/me`, { headers: { 'x-api-key': liveKey } });
      expect(live.status).toBe(200);
      expect(rateHeaders(live.headers)).toMatchObject({ limit: 6000, remaining: 6000 });
      expect(await (await fetch(`${replica.url}/metrics`)).text()).toMatch(
        /^mar_api_key_resolutions_total\{source="reload_unverified"[^}]*\} [1-9]/m,
      );
    } finally {
      await cut.close();
    }
  });
});
