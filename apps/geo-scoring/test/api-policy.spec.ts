import { Controller, Get, Module, Param } from '@nestjs/common';
import { GeoScoringConfig } from '@platform/config';
import { ApiError, codeErrorBody, createPlatformApp } from '@platform/http';
import { ServicePlatformModule } from '@platform/platform';
import { RunningTestApp, startTestApp } from '@platform/testing';
import { ApiPolicyModule, noStoreByDefault } from '../src/platform/api-policy/api-policy.module';
import { EdgeCache } from '../src/platform/api-policy/cache-control.decorator';
import { RateLimit } from '../src/platform/api-policy/rate-limit.decorator';
import { migrations } from '../src/migrations';
import { GeoHarness, startGeo } from './support/geo-harness';

// Probe routes exercise the real guard, limiter and interceptor against real Redis, independent
// of any feature; the features' own tests check their policies and headers.
@Controller('api/probe')
class ProbeController {
  @Get('heat')
  @RateLimit('heatmap')
  @EdgeCache('heatmap')
  heat(): { ok: true } {
    return { ok: true };
  }

  @Get('open')
  @RateLimit('public')
  @EdgeCache('public')
  open(): { ok: true } {
    return { ok: true };
  }

  @Get('fail/:status')
  @RateLimit('public')
  @EdgeCache('public')
  fail(@Param('status') status: string): never {
    throw new ApiError(Number(status), 'probe_failure', 'probe');
  }

  @Get('plain')
  plain(): { ok: true } {
    return { ok: true };
  }
}

async function probeApp(config: GeoScoringConfig) {
  @Module({
    imports: [ServicePlatformModule.forRoot(config, { migrations }), ApiPolicyModule],
    controllers: [ProbeController],
  })
  class ProbeModule {}
  const app = await createPlatformApp(ProbeModule, {
    errorFormat: codeErrorBody,
    trustProxyHops: config.TRUST_PROXY_HOPS,
    openApi: { title: 'probe', description: 'api policy probe', version: '0' },
  });
  // As geo-scoring's createApp mounts it.
  app.use(noStoreByDefault);
  return app;
}

describe('API policy: Redis rate limits and Cache-Control', () => {
  let geo: GeoHarness;
  let a: RunningTestApp;
  let b: RunningTestApp;

  beforeAll(async () => {
    geo = await startGeo({ replicas: 0 });
    a = await startTestApp(() => probeApp(geo.config()));
    b = await startTestApp(() => probeApp(geo.config()));
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await geo.close();
  });

  it('counts one window across two replicas: the 61st heatmap call is 429 with Retry-After', async () => {
    // A fixed window can roll over mid-test; retry once in the next window if it does.
    for (let attempt = 0; attempt < 2; attempt++) {
      const responses: Response[] = [];
      for (let i = 0; i < 61; i++) {
        responses.push(await fetch(`${(i % 2 === 0 ? a : b).url}/api/probe/heat`));
      }
      const resets = new Set(responses.map((r) => r.headers.get('x-ratelimit-reset')));
      if (resets.size > 1) continue;
      const remaining = responses.map((r) => Number(r.headers.get('x-ratelimit-remaining')));
      expect(responses.slice(0, 60).every((r) => r.status === 200)).toBe(true);
      expect(remaining.slice(0, 60)).toEqual(Array.from({ length: 60 }, (_, i) => 59 - i));
      const limited = responses[60];
      expect(limited?.status).toBe(429);
      expect(await limited?.json()).toMatchObject({ code: 'rate_limited' });
      expect(limited?.headers.get('x-ratelimit-limit')).toBe('60');
      expect(limited?.headers.get('x-ratelimit-remaining')).toBe('0');
      const retryAfter = Number(limited?.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(limited?.headers.get('cache-control')).toBe('no-store');
      // Another policy keeps its own counter.
      const open = await fetch(`${a.url}/api/probe/open`);
      expect(open.status).toBe(200);
      expect(open.headers.get('x-ratelimit-limit')).toBe('120');
      return;
    }
    throw new Error('the rate-limit window rolled over twice during the test');
  });

  it('marks successes edge-cacheable and everything else private, no-store', async () => {
    const open = await fetch(`${a.url}/api/probe/open`);
    expect(open.headers.get('cache-control')).toBe(
      'public, s-maxage=300, stale-while-revalidate=600',
    );
    for (const status of [400, 404, 500]) {
      const failed = await fetch(`${a.url}/api/probe/fail/${status}`);
      expect(failed.status).toBe(status);
      expect(failed.headers.get('cache-control')).toBe('private, no-store');
    }
    const plain = await fetch(`${a.url}/api/probe/plain`);
    expect(plain.headers.get('cache-control')).toBe('private, no-store');
    expect(plain.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('counts the client IP that our own proxies report, never what the client claims', async () => {
    const remaining = async (app: RunningTestApp, forwardedFor: string): Promise<number> => {
      const response = await fetch(`${app.url}/api/probe/open`, {
        headers: { 'x-forwarded-for': forwardedFor },
      });
      return Number(response.headers.get('x-ratelimit-remaining'));
    };
    // No trusted proxy (the default): X-Forwarded-For is ignored, so spoofed addresses share
    // the socket's counter.
    const first = await remaining(a, '203.0.113.1');
    expect(await remaining(a, '203.0.113.2')).toBe(first - 1);

    const behindIngress = await startTestApp(() => probeApp(geo.config({ TRUST_PROXY_HOPS: '1' })));
    try {
      // One trusted hop: only the entry the ingress appended (the last one) names the client.
      const start = await remaining(behindIngress, '198.51.100.1, 192.0.2.10');
      expect(await remaining(behindIngress, '198.51.100.2, 192.0.2.10')).toBe(start - 1);
      expect(await remaining(behindIngress, '192.0.2.11')).toBe(119);
    } finally {
      await behindIngress.close();
    }
  });

  it('can be switched off for benchmarks only by configuration', async () => {
    const unlimited = await startTestApp(() =>
      probeApp(geo.config({ RATE_LIMITS_ENABLED: 'false' })),
    );
    try {
      const response = await fetch(`${unlimited.url}/api/probe/open`);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-ratelimit-limit')).toBeNull();
    } finally {
      await unlimited.close();
    }
  });
});
