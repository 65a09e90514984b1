// Fault drill: PostgreSQL taken away from a geo-scoring replica (a TCP relay cut) under read
// traffic answers 503 service_unavailable with Retry-After, never 500, and recovers on its own.
import { startTcpProxy, type TcpProxy, waitFor } from '@platform/testing';
import { startGeo, type GeoHarness } from './support/geo-harness';
import { tinySeedTemplate } from './support/tiny-seed';

jest.setTimeout(60_000);

describe('fault drills: PostgreSQL away from a geo-scoring replica', () => {
  let geo: GeoHarness;
  let relay: TcpProxy;
  let url: string;

  beforeAll(async () => {
    geo = await startGeo({ ...tinySeedTemplate, replicas: 0, env: { QUEUE_WORKERS: 'false' } });
    const database = new URL(geo.resources.database.url);
    relay = await startTcpProxy({ host: database.hostname, port: Number(database.port || 5432) });
    database.host = `127.0.0.1:${relay.port}`;
    url = (
      await geo.startInstance({ DATABASE_URL: database.toString(), RATE_LIMITS_ENABLED: 'false' })
    ).url;
  });
  afterAll(async () => {
    await geo.close();
    await relay.close();
  });

  it('answers 503 with Retry-After during the outage and 200 again after it', async () => {
    const routes = ['/api/metros', '/api/score-trends?metro=atx'];
    for (const route of routes) expect((await fetch(`${url}${route}`)).status).toBe(200);
    // A read-cached answer (docs/geo-scoring/read-cache.md) needs no database while it is cached:
    // nothing can commit during the outage, so it is still the current answer.
    const cached = '/api/discover?metro=atx';
    const before = await (await fetch(`${url}${cached}`)).text();

    await relay.cut();
    for (const route of routes) {
      const response = await fetch(`${url}${route}`);
      expect([route, response.status]).toEqual([route, 503]);
      expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(((await response.json()) as { code: string }).code).toBe('service_unavailable');
    }
    const during = await fetch(`${url}${cached}`);
    expect(during.status).toBe(200);
    expect(await during.text()).toBe(before);

    await relay.restore();
    await waitFor(
      async () => (await fetch(`${url}/api/metros`)).status === 200,
      15_000,
      'the replica to serve again once PostgreSQL is back',
    );
    for (const route of routes) expect((await fetch(`${url}${route}`)).status).toBe(200);
  });
});
