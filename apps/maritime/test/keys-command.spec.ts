// `npm run tools -- maritime keys …` against a real database: the key is printed once and only
// its digest stored; list, plan changes, analyst access and revocation.
import { createHash } from 'node:crypto';
import { FixedClock } from '@platform/clock';
import { freePort } from '@platform/testing';
import { keysCommand } from '../src/platform/api-keys/keys.command';
import { maritimeForFile } from './support/maritime-harness';

const maritime = maritimeForFile();

function capture(): {
  out: string[];
  err: string[];
  io: { out(l: string): void; err(l: string): void };
} {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l) => out.push(l), err: (l) => err.push(l) } };
}

async function run(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; out: string[]; err: string[] }> {
  const c = capture();
  const { resources } = maritime.harness;
  const code = await keysCommand.run(
    args,
    {
      DATABASE_URL: resources.database.url,
      REDIS_URL: resources.redisUrl,
      REDIS_PREFIX: resources.redisPrefix,
      ...env,
    },
    c.io,
  );
  return { code, out: c.out, err: c.err };
}

describe('maritime keys command', () => {
  it('creates a key it prints once, stores only its SHA-256, and the key works', async () => {
    const created = await run([
      'create',
      '--owner',
      'acme',
      '--plan',
      'pro',
      '--analyst',
      '--name',
      'ci',
    ]);
    expect(created.code).toBe(0);
    const key = JSON.parse(created.out[0]!) as {
      id: string;
      key: string;
      plan: string;
      analyst: boolean;
      prefix: string;
    };
    expect(key).toMatchObject({ plan: 'pro', analyst: true });
    expect(key.key).toMatch(/^mk_[0-9A-Za-z]{40}$/);
    expect(key.prefix).toBe(key.key.slice(0, 8));
    expect(created.err.join('\n')).toContain('not shown again');
    const [row] = (await maritime.harness.db.query(
      'SELECT key_sha256 FROM api_keys WHERE id = $1',
      [key.id],
    )) as {
      key_sha256: Buffer;
    }[];
    expect(row!.key_sha256.equals(createHash('sha256').update(key.key).digest())).toBe(true);
    expect((await maritime.get('/api/v1/me', key.key)).status).toBe(200);
    const listed = await run(['list', '--owner', 'acme']);
    expect(listed.out.join('\n')).not.toContain(key.key);
    expect(listed.out.map((l) => (JSON.parse(l) as { id: string }).id)).toEqual([key.id]);
  });

  it('changes plans and analyst access, revokes, and refuses bad arguments', async () => {
    const created = JSON.parse(
      (await run(['create', '--owner', 'o2', '--plan', 'free'])).out[0]!,
    ) as {
      id: string;
      key: string;
    };
    const upgraded = await run([
      'set-plan',
      created.id,
      'supply_chain_risk',
      '--rate-limit',
      '25000',
    ]);
    expect(JSON.parse(upgraded.out[0]!)).toMatchObject({
      plan: 'supply_chain_risk',
      rate_limit_per_min: 25000,
    });
    expect(JSON.parse((await run(['grant-analyst', created.id])).out[0]!)).toMatchObject({
      analyst: true,
    });
    expect(JSON.parse((await run(['revoke-analyst', created.id])).out[0]!)).toMatchObject({
      analyst: false,
    });
    const me = await maritime.get<{ rate_limit_per_min: number; tier: string }>(
      '/api/v1/me',
      created.key,
    );
    expect(me.body).toMatchObject({ rate_limit_per_min: 25000, tier: 'supply_chain_risk' });
    // The replica now holds the key in memory; the command's change still counts at once.
    const downgrade = await run(['set-plan', created.id, 'starter']);
    expect(downgrade.code).toBe(0);
    // The operator sees where the change was published, so a wrong REDIS_URL shows.
    const { redisUrl, redisPrefix } = maritime.harness.resources;
    expect(downgrade.err).toEqual([
      `replicas told through redis ${new URL(redisUrl).host} under prefix ${redisPrefix}`,
    ]);
    const downgraded = await maritime.get('/api/v1/me', created.key);
    expect(downgraded.headers.get('x-ratelimit-limit')).toBe('25000');
    expect(downgraded.body).toMatchObject({ tier: 'starter' });
    expect((await run(['revoke', created.id])).code).toBe(0);
    expect((await maritime.get('/api/v1/me', created.key)).status).toBe(401);
    expect((await run(['revoke', '00000000-0000-0000-0000-000000000000'])).code).toBe(1);
    expect((await run(['create', '--owner', 'x', '--plan', 'gold'])).code).toBe(2);
    expect((await run(['create', '--plan', 'pro'])).code).toBe(2);
    expect((await run(['set-plan', created.id, 'pro', '--rate-limit', '0'])).code).toBe(2);
    expect((await run(['explode'])).code).toBe(2);
  });

  it('says so when a change is stored but Redis cannot be told, and the key expires from caches', async () => {
    const created = JSON.parse(
      (await run(['create', '--owner', 'o3', '--plan', 'pro'])).out[0]!,
    ) as { id: string; key: string };
    expect((await maritime.get('/api/v1/me', created.key)).status).toBe(200);
    const closedPort = await freePort();
    const revoked = await run(['revoke', created.id], {
      REDIS_URL: `redis://127.0.0.1:${closedPort}`,
    });
    expect(revoked.code).toBe(1);
    expect(revoked.err.join('\n')).toMatch(/stored, but Redis could not be told/);
    expect(JSON.parse(revoked.out[0]!)).toMatchObject({ id: created.id });
    const [row] = (await maritime.harness.db.query(
      'SELECT revoked_at FROM api_keys WHERE id = $1',
      [created.id],
    )) as { revoked_at: Date | null }[];
    expect(row!.revoked_at).not.toBeNull();
    // The replica's copy is trusted for a minute at most.
    (maritime.harness.clock as FixedClock).advance(61_000);
    expect((await maritime.get('/api/v1/me', created.key)).status).toBe(401);
  });
});
