import { LogCapture } from '@platform/testing';
import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { AppMetrics } from '../metrics/http-metrics';
import { PlatformLogger } from './platform-logger';
import { observeRequests } from './request-observer';

describe('observeRequests', () => {
  let server: Server;
  let base: string;
  let logs: LogCapture;
  let metrics: AppMetrics;

  beforeAll(async () => {
    logs = new LogCapture();
    const logger = new PlatformLogger({ service: 'obs-test', level: 'info', destination: logs });
    metrics = new AppMetrics('obs-test');
    const app = express();
    app.use(observeRequests({ logger, metrics }));
    app.get('/things/:id', async (req, res) => {
      // A line written while serving, after an await: it still names the request.
      await new Promise((resolve) => setImmediate(resolve));
      logger.log({ thing: req.params.id, api_key: 'k-secret' }, 'ThingsService');
      res.json({ id: req.params.id });
    });
    app.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
    app.get('/boom', (_req, res) => res.status(503).json({}));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const lineOf = (id: string, msg: string): Record<string, unknown> | undefined =>
    logs
      .entries()
      .find((e) => (e['req'] as { id?: string } | undefined)?.id === id && e['msg'] === msg);

  it('gives every line written while serving the request id, and one access line at the end', async () => {
    const response = await fetch(`${base}/things/7?token=abc`, {
      headers: { 'X-Request-Id': 'obs-1', Authorization: 'Bearer zzz' },
    });
    expect(response.headers.get('x-request-id')).toBe('obs-1');
    await response.json();
    await waitForLine(() => lineOf('obs-1', 'request completed'));
    const appLine = logs.entries().find((e) => e['thing'] === '7');
    expect(appLine).toMatchObject({
      level: 'info',
      service: 'obs-test',
      context: 'ThingsService',
      api_key: '[REDACTED]',
      req: { id: 'obs-1', method: 'GET', url: '/things/7?token=%5BREDACTED%5D' },
    });
    expect(lineOf('obs-1', 'request completed')).toMatchObject({
      level: 'info',
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
      headers: { authorization: '[REDACTED]' },
    });
    expect(logs.text).not.toContain('zzz');
    expect(logs.text).not.toContain('abc');
  });

  it('logs 5xx at error, keeps probes quiet, and counts both by route template', async () => {
    await (await fetch(`${base}/boom`, { headers: { 'X-Request-Id': 'obs-2' } })).text();
    await (await fetch(`${base}/healthz`, { headers: { 'X-Request-Id': 'obs-3' } })).text();
    await waitForLine(() => lineOf('obs-2', 'request completed'));
    expect(lineOf('obs-2', 'request completed')).toMatchObject({ level: 'error' });
    const scrape = await metrics.registry.metrics();
    expect(scrape).toContain('http_requests_total{method="GET",route="/healthz",status="200"');
    expect(scrape).toContain('http_requests_total{method="GET",route="/boom",status="503"');
    expect(logs.text).not.toContain('obs-3');
  });

  it('writes nothing below the configured level', async () => {
    const quiet = new LogCapture();
    const logger = new PlatformLogger({ service: 'obs-test', level: 'warn', destination: quiet });
    const app = express();
    app.use(observeRequests({ logger, metrics: new AppMetrics('obs-quiet') }));
    app.get('/ok', (_req, res) => res.json({}));
    const quietServer = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => quietServer.once('listening', resolve));
    const port = (quietServer.address() as AddressInfo).port;
    await (await fetch(`http://127.0.0.1:${port}/ok`)).text();
    await (await fetch(`http://127.0.0.1:${port}/missing`)).text();
    await new Promise((resolve) => quietServer.close(resolve));
    expect(quiet.entries().map((e) => [e['level'], e['res']])).toEqual([
      ['warn', { statusCode: 404 }],
    ]);
  });
});

async function waitForLine(find: () => unknown): Promise<void> {
  for (let i = 0; i < 200 && !find(); i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(find()).toBeDefined();
}
