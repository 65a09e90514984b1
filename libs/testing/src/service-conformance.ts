import { DataSource } from 'typeorm';
import { errorOf, expectErrorBody } from './error-shape';
import { freePort } from './free-port';
import { LogCapture } from './log-capture';
import { describeProcessConformance } from './process-conformance';
import { startTcpProxy, TcpProxy } from './tcp-proxy';
import { isolateService, IsolatedServiceResources, testEnvironment } from './test-environment';
import { RunningTestApp, startTestApp, waitFor } from './test-app';
import { compileErrors, validate as validateOpenApi } from '@readme/openapi-parser';
import type { ConformanceOptions } from './conformance-options';

export type { ConformanceOptions } from './conformance-options';

async function getJson(
  url: string,
  init?: RequestInit,
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(url, init);
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? (JSON.parse(text) as unknown) : undefined,
  };
}

/**
 * The behaviour every service shares (issue: foundation), asserted over HTTP against a real
 * PostgreSQL and Redis: probes, docs, metrics, error shapes, logging, outages and SIGTERM.
 */
export function describeServiceConformance<C>(options: ConformanceOptions<C>): void {
  const shape = options.errorShape;
  let resources: IsolatedServiceResources;
  let running: RunningTestApp;
  const logs = new LogCapture();

  const start = (
    env: Record<string, string>,
    logDestination?: NodeJS.WritableStream,
  ): Promise<RunningTestApp> =>
    startTestApp(() =>
      options.createApp(options.loadConfig({ ...resources.env, ...options.env, ...env }), {
        logDestination,
      }),
    );

  beforeAll(async () => {
    resources = await isolateService({
      service: options.databaseService,
      migrations: options.migrations,
      redisPrefixBase: options.redisPrefixBase,
    });
    running = await start({ LOG_LEVEL: 'info' }, logs);
  });

  afterAll(async () => {
    await running?.close();
    await resources?.release();
  });

  describe(`${options.service}: probes, docs and metrics`, () => {
    it('answers /healthz and /readyz with every dependency up', async () => {
      expect(await getJson(`${running.url}/healthz`)).toMatchObject({
        status: 200,
        body: { status: 'ok' },
      });
      const ready = await getJson(`${running.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({
        status: 'ok',
        checks: { postgres: { status: 'up' }, redis: { status: 'up' } },
      });
    });

    it('serves Swagger UI at /docs and an OpenAPI 3 document at /openapi.json', async () => {
      const docs = await fetch(`${running.url}/docs`);
      expect(docs.status).toBe(200);
      expect(docs.headers.get('content-type')).toMatch(/text\/html/);
      expect(await docs.text()).toMatch(/swagger-ui/i);
      const spec = await getJson(`${running.url}/openapi.json`);
      expect(spec.status).toBe(200);
      const doc = spec.body as {
        openapi: string;
        info: { title: string };
        paths: Record<string, unknown>;
      };
      expect(doc.openapi).toMatch(/^3\./);
      // A document client generators can consume: valid against the OpenAPI schema, unique
      // operation ids, no dangling $refs.
      const validation = await validateOpenApi(structuredClone(spec.body) as never);
      expect(validation.valid ? '' : compileErrors(validation)).toBe('');
      expect(doc.info.title).toBe(options.service);
      expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/healthz', '/readyz']));
    });

    it('counts requests by route template and status in Prometheus text', async () => {
      await fetch(`${running.url}/healthz`);
      await fetch(`${running.url}/no/such/route/123`);
      const response = await fetch(`${running.url}/metrics`);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      const text = await response.text();
      expect(text).toMatch(
        /http_requests_total\{[^}]*method="GET"[^}]*route="\/healthz"[^}]*status="200"[^}]*\} [1-9]/,
      );
      expect(text).toMatch(
        /http_requests_total\{[^}]*route="unmatched"[^}]*status="404"[^}]*\} [1-9]/,
      );
      expect(text).toMatch(
        /http_request_duration_seconds_bucket\{[^}]*le="0.005"[^}]*route="\/healthz"/,
      );
      expect(text).not.toContain('/no/such/route/123');
      expect(text).toContain('process_cpu_seconds_total');
    });
  });

  describe(`${options.service}: errors in the service's shape`, () => {
    it('answers an unknown route with 404 not_found', async () => {
      const { status, body } = await getJson(`${running.url}/definitely-not-a-route`);
      expect(status).toBe(404);
      expectErrorBody(shape, body, 'not_found');
    });

    it('answers malformed JSON with 400 invalid_json, never 500', async () => {
      for (const payload of ['{"a":', '{"a": undefined}', '[1,2', 'null x']) {
        const { status, body } = await getJson(`${running.url}/healthz`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: payload,
        });
        expect(status).toBe(400);
        expectErrorBody(shape, body, 'invalid_json');
      }
    });

    it('answers a NUL character in the path, the query or a JSON body with 400 invalid_request', async () => {
      const nul = (await getJson(`${running.url}/healthz`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ alias: 'a\u0000b', tags: ['ok', 'x\u0000'] }),
      })) as { status: number; body: unknown };
      expect(nul.status).toBe(400);
      expectErrorBody(shape, nul.body, 'invalid_request');
      const { details } = errorOf(shape, nul.body) as { details: { field: string }[] };
      expect(details[0]!.field).toBe('alias');
      const inQuery = await getJson(`${running.url}/healthz?name=a%00b`);
      expect(inQuery.status).toBe(400);
      expectErrorBody(shape, inQuery.body, 'invalid_request');
      const inPath = await getJson(`${running.url}/healthz%00`);
      expect(inPath.status).toBe(400);
      expectErrorBody(shape, inPath.body, 'invalid_request');
    });

    it('answers a JSON body nested deeper than 64 levels with 400 invalid_request, never 500', async () => {
      const deep = '['.repeat(20_000) + ']'.repeat(20_000);
      const { status, body } = await getJson(`${running.url}/healthz`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `{"filter":${deep}}`,
      });
      expect(status).toBe(400);
      expectErrorBody(shape, body, 'invalid_request');
      const { details } = errorOf(shape, body) as { details: { field: string }[] };
      expect(details[0]!.field).toBe('body');
    });

    it('answers a body that is not the gzip it claims with a 400, never 500', async () => {
      const response = await fetch(`${running.url}/healthz`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body: 'definitely not gzip',
      });
      expect(response.status).toBe(400);
      expectErrorBody(shape, await response.json(), 'invalid_request');
    });

    it('answers an oversized JSON body with 413 payload_too_large', async () => {
      const { status, body } = await getJson(`${running.url}/healthz`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ blob: 'x'.repeat(300 * 1024) }),
      });
      expect(status).toBe(413);
      expectErrorBody(shape, body, 'payload_too_large');
    });
  });

  describe(`${options.service}: request ids and logs`, () => {
    it('gives every response an X-Request-Id, reusing a sane incoming one', async () => {
      const fresh = await fetch(`${running.url}/healthz`);
      expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      const echoed = await fetch(`${running.url}/healthz`, {
        headers: { 'X-Request-Id': 'trace-abc.123' },
      });
      expect(echoed.headers.get('x-request-id')).toBe('trace-abc.123');
      const refused = await fetch(`${running.url}/healthz`, {
        headers: { 'X-Request-Id': 'bad id with spaces' },
      });
      expect(refused.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('logs JSON lines with the request id and never the credentials', async () => {
      const secrets = ['Bearer tok-abc-123-secret', 'key-xyz-987', 'session=cookie-555'];
      const response = await fetch(`${running.url}/logged-route?client_secret=qs-secret-1`, {
        headers: {
          Authorization: secrets[0]!,
          'X-API-Key': secrets[1]!,
          Cookie: secrets[2]!,
          'X-Request-Id': 'log-check-1',
        },
      });
      expect(response.status).toBe(404);
      await waitFor(() => logs.text.includes('log-check-1'), 5000, 'the request log line');
      const line = logs
        .entries()
        .find((e) => (e['req'] as { id?: string } | undefined)?.id === 'log-check-1');
      expect(line).toMatchObject({
        level: 'warn',
        service: options.service,
        res: { statusCode: 404 },
      });
      const headers = line!['headers'] as Record<string, string>;
      expect(headers['authorization']).toBe('[REDACTED]');
      expect(headers['x-api-key']).toBe('[REDACTED]');
      expect(headers['cookie']).toBe('[REDACTED]');
      for (const secret of [...secrets, 'tok-abc-123-secret', 'qs-secret-1'])
        expect(logs.text).not.toContain(secret);
    });
  });

  describe(`${options.service}: readiness follows its dependencies`, () => {
    it('answers 503 while Redis is unreachable', async () => {
      const closedPort = await freePort();
      const app = await start({ REDIS_URL: `redis://127.0.0.1:${closedPort}` });
      try {
        const ready = await getJson(`${app.url}/readyz`);
        expect(ready.status).toBe(503);
        expect(ready.body).toMatchObject({
          status: 'unavailable',
          checks: { redis: { status: 'down' }, postgres: { status: 'up' } },
        });
        expect((await getJson(`${app.url}/healthz`)).status).toBe(200);
      } finally {
        await app.close();
      }
    });

    it('stays 200 while every pooled connection is busy (readiness is not load)', async () => {
      const app = await start({});
      const dataSource = app.app.get(DataSource);
      const poolSize = (dataSource.options as { poolSize?: number }).poolSize ?? 10;
      const held = Array.from({ length: poolSize }, () => dataSource.createQueryRunner());
      await Promise.all(held.map((runner) => runner.connect()));
      try {
        const probes = await Promise.all([1, 2, 3].map(() => getJson(`${app.url}/readyz`)));
        for (const ready of probes) {
          expect(ready.status).toBe(200);
          expect(ready.body).toMatchObject({ checks: { postgres: { status: 'up' } } });
        }
      } finally {
        await Promise.all(held.map((runner) => runner.release()));
        await app.close();
      }
    });

    it('turns 503 when PostgreSQL or Redis goes away and 200 again when it returns, without a restart', async () => {
      const pgUrl = new URL(resources.database.url);
      const redisUrl = new URL(testEnvironment().TEST_REDIS_URL);
      const proxies: TcpProxy[] = [
        await startTcpProxy({ host: pgUrl.hostname, port: Number(pgUrl.port || 5432) }),
        await startTcpProxy({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) }),
      ];
      const [pgProxy, redisProxy] = proxies as [TcpProxy, TcpProxy];
      pgUrl.host = `127.0.0.1:${pgProxy.port}`;
      redisUrl.host = `127.0.0.1:${redisProxy.port}`;
      const app = await start({ DATABASE_URL: pgUrl.toString(), REDIS_URL: redisUrl.toString() });
      const readiness = async (): Promise<number> => (await fetch(`${app.url}/readyz`)).status;
      try {
        await waitFor(async () => (await readiness()) === 200, 10_000, 'ready');
        for (const [proxy, name] of [
          [pgProxy, 'postgres'],
          [redisProxy, 'redis'],
        ] as const) {
          await proxy.cut();
          await waitFor(async () => (await readiness()) === 503, 15_000, `503 with ${name} down`);
          const body = (await getJson(`${app.url}/readyz`)).body as {
            checks: Record<string, { status: string }>;
          };
          expect(body.checks[name]!.status).toBe('down');
          await proxy.restore();
          await waitFor(async () => (await readiness()) === 200, 15_000, `200 with ${name} back`);
        }
      } finally {
        await app.close();
        await Promise.all(proxies.map((p) => p.close()));
      }
    });
  });

  describeProcessConformance(options, () => ({ ...resources.env, ...options.env }));
}
