import { Controller, Get, UseGuards } from '@nestjs/common';
import type { CommandIo } from '@platform/cli';
import type { Clock } from '@platform/clock';
import { GeoScoringConfig } from '@platform/config';
import { codeErrorBody, createPlatformApp } from '@platform/http';
import { ServicePlatformModule } from '@platform/platform';
import { LogCapture, RunningTestApp, startTestApp } from '@platform/testing';
import { Module } from '@nestjs/common';
import { ApiPolicyModule } from '../src/platform/api-policy/api-policy.module';
import { apiKeyCommand } from '../src/platform/api-keys/api-key.command';
import { ApiKeyGuard } from '../src/platform/api-keys/api-key.guard';
import { ApiKeysModule } from '../src/platform/api-keys/api-keys.module';
import { ApiKeyPrincipal } from '../src/platform/api-keys/api-keys.service';
import { CurrentApiKey } from '../src/platform/api-keys/current-api-key.decorator';
import { migrations } from '../src/migrations';
import { GeoHarness, startGeo } from './support/geo-harness';

// The /api/v1 routes arrive with the read-routes issue; this probe route exercises the real guard,
// service and repository through HTTP in the meantime.
@Controller('api/v1/probe')
@UseGuards(ApiKeyGuard)
class ProbeController {
  @Get()
  whoAmI(@CurrentApiKey() principal: ApiKeyPrincipal): ApiKeyPrincipal {
    return principal;
  }
}

function probeModule(config: GeoScoringConfig, clock: Clock) {
  @Module({
    imports: [
      ServicePlatformModule.forRoot(config, {
        migrations,
        logDestination: new LogCapture(),
        clock,
      }),
      ApiPolicyModule,
      ApiKeysModule,
    ],
    controllers: [ProbeController],
  })
  class ProbeAppModule {}
  return ProbeAppModule;
}

function capture(): CommandIo & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, out: (l) => lines.push(l), err: (l) => errors.push(l) };
}

describe('API keys (tools geo api-key + the /api/v1 guard)', () => {
  let geo: GeoHarness;
  let probe: RunningTestApp;
  const env = (): Record<string, string> => ({ DATABASE_URL: geo.resources.database.url });

  beforeAll(async () => {
    geo = await startGeo({ replicas: 0 });
    probe = await startTestApp(() =>
      createPlatformApp(probeModule(geo.config(), geo.clock), {
        errorFormat: codeErrorBody,
        trustProxyHops: 0,
        openApi: { title: 'probe', description: 'API key guard probe', version: '0' },
      }),
    );
  });
  afterAll(async () => {
    await probe.close();
    await geo.close();
  });

  async function create(owner: string, name: string): Promise<{ id: string; key: string }> {
    const io = capture();
    expect(await apiKeyCommand.run(['create', '--owner', owner, '--name', name], env(), io)).toBe(
      0,
    );
    return JSON.parse(io.lines[0] ?? '') as { id: string; key: string };
  }

  const call = (authorization?: string) =>
    fetch(`${probe.url}/api/v1/probe`, {
      headers: authorization === undefined ? {} : { authorization },
    });

  it('creates a key, stores only its digest, and authenticates it', async () => {
    const { id, key } = await create('user-1', 'ci');
    expect(key).toMatch(/^geo_[0-9A-Za-z]{40}$/);
    const [row] = (await geo.db.query(
      `SELECT encode(key_sha256, 'hex') AS digest, prefix FROM api_keys WHERE id = $1`,
      [id],
    )) as { digest: string; prefix: string }[];
    expect(row?.prefix).toBe(key.slice(0, 12));
    expect(JSON.stringify(await geo.db.query('SELECT * FROM api_keys'))).not.toContain(key);

    const response = await call(`Bearer ${key}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ keyId: id, ownerId: 'user-1' });
    // last_used_at is written after the answer (never on the request's path): wait for it.
    let used: { last_used_at: Date | null } | undefined;
    for (let attempt = 0; attempt < 50 && !used?.last_used_at; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      [used] = (await geo.db.query('SELECT last_used_at FROM api_keys WHERE id = $1', [id])) as {
        last_used_at: Date | null;
      }[];
    }
    expect(used?.last_used_at).not.toBeNull();
  });

  it('answers 401 api_key_required without a Bearer key', async () => {
    for (const header of [undefined, '', 'Basic abc', 'Bearer']) {
      const response = await call(header);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: 'api_key_required' });
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
    }
  });

  it('answers 401 invalid_api_key for unknown, malformed and revoked keys', async () => {
    const { id, key } = await create('user-2', 'to revoke');
    const unknown = `geo_${'A'.repeat(40)}`;
    for (const bad of [unknown, 'geo_nope', key.slice(0, -1) + (key.endsWith('a') ? 'b' : 'a')]) {
      const response = await call(`Bearer ${bad}`);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: 'invalid_api_key' });
    }
    expect((await call(`Bearer ${key}`)).status).toBe(200);

    const io = capture();
    expect(await apiKeyCommand.run(['revoke', id], env(), io)).toBe(0);
    expect(JSON.parse(io.lines[0] ?? '')).toMatchObject({ id });
    const response = await call(`Bearer ${key}`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'invalid_api_key' });
  });

  it('lists keys per owner without the secret, and refuses bad commands', async () => {
    const { key } = await create('user-3', 'listed');
    const io = capture();
    expect(await apiKeyCommand.run(['list', '--owner', 'user-3'], env(), io)).toBe(0);
    expect(io.lines).toHaveLength(1);
    expect(io.lines[0]).not.toContain(key);
    expect(JSON.parse(io.lines[0] ?? '')).toMatchObject({ ownerId: 'user-3', name: 'listed' });

    const bad = capture();
    expect(await apiKeyCommand.run(['create', '--owner', 'x'], env(), bad)).toBe(2);
    expect(
      await apiKeyCommand.run(['create', '--owner', 'x', '--name', 'n'.repeat(121)], env(), bad),
    ).toBe(2);
    expect(await apiKeyCommand.run(['revoke', 'not-a-uuid'], env(), bad)).toBe(1);
    expect(
      await apiKeyCommand.run(['revoke', '00000000-0000-4000-8000-000000000000'], env(), bad),
    ).toBe(1);
    expect(await apiKeyCommand.run(['frobnicate'], env(), bad)).toBe(2);
  });

  it('limits each real key to 600/min and failed attempts to 30/min per client IP', async () => {
    const { key } = await create('user-4', 'limited');
    const ok = await call(`Bearer ${key}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-ratelimit-limit')).toBe('600');
    const left = Number(ok.headers.get('x-ratelimit-remaining'));
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(600);

    // Made-up keys share one per-IP budget instead of getting 600 each. Two windows' worth of
    // attempts at most, so a window rolling over mid-loop cannot hide the limit.
    const statuses: number[] = [];
    for (let i = 0; i < 62 && !statuses.includes(429); i++) {
      statuses.push((await call(`Bearer geo_${String(i).padStart(40, 'x')}`)).status);
    }
    const limited = statuses.indexOf(429);
    expect(limited).toBeGreaterThan(0);
    expect(statuses.slice(0, limited).every((s) => s === 401)).toBe(true);
    const blocked = await call(`Bearer geo_${'y'.repeat(40)}`);
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});
