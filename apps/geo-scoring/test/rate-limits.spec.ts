// The heatmap rate-limit policy (see docs/geo-scoring/read-routes.md#rate-limits) through two real
// replicas sharing one Redis: 60 calls per client IP and window across both heatmaps and both
// replicas, then 429 rate_limited.
import { GeoHarness, startGeo } from './support/geo-harness';
import { tinySeedTemplate } from './support/tiny-seed';

jest.setTimeout(180_000);

describe('rate limits across replicas', () => {
  let geo: GeoHarness;

  beforeAll(async () => {
    geo = await startGeo({ ...tinySeedTemplate, replicas: 2, env: { QUEUE_WORKERS: 'false' } });
  });
  afterAll(async () => {
    await geo?.close();
  });

  it('answers the 61st heatmap call in a window with 429, whichever replica serves it', async () => {
    const [a, b] = geo.instances;
    const paths = ['/api/activity-heatmap', '/api/heatmap/crime'];
    // A fixed window can roll over mid-test; one retry in the next window is enough.
    for (let attempt = 0; attempt < 2; attempt++) {
      const responses: Response[] = [];
      for (let i = 0; i < 61; i++) {
        const replica = i % 2 === 0 ? a : b;
        responses.push(await fetch(`${replica?.url}${paths[i % paths.length]}?cb=${i}`));
      }
      if (new Set(responses.map((r) => r.headers.get('x-ratelimit-reset'))).size > 1) continue;
      expect(responses.slice(0, 60).map((r) => r.status)).toEqual(Array(60).fill(200));
      expect(responses.map((r) => Number(r.headers.get('x-ratelimit-remaining')))).toEqual([
        ...Array.from({ length: 60 }, (_, i) => 59 - i),
        0,
      ]);
      const limited = responses[60];
      expect(limited?.status).toBe(429);
      expect(await limited?.json()).toEqual({
        error: expect.any(String),
        code: 'rate_limited',
      });
      expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(limited?.headers.get('cache-control')).toBe('no-store');
      // Other policies count separately: a public route still answers on either replica.
      const metros = await fetch(`${b?.url}/api/metros`);
      expect(metros.status).toBe(200);
      expect(metros.headers.get('x-ratelimit-limit')).toBe('120');
      return;
    }
    throw new Error('the rate-limit window rolled over twice during the test');
  });
});
