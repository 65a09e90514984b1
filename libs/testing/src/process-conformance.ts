import http from 'node:http';
import type { Socket } from 'node:net';
import { expectErrorBody } from './error-shape';
import { freePort } from './free-port';
import type { ConformanceOptions } from './conformance-options';
import { runToExit, spawnService } from './service-process';
import { waitFor } from './test-app';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

function collect(res: http.IncomingMessage): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let text = '';
    res.on('data', (c: Buffer) => (text += c.toString()));
    res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    res.on('error', reject);
  });
}

/**
 * Behaviour only a real process shows: start-up refusal of bad configuration, and SIGTERM
 * handling with requests in flight and idle keep-alive connections open.
 */
export function describeProcessConformance<C>(
  options: ConformanceOptions<C>,
  env: () => Record<string, string>,
): void {
  describe(`${options.service}: process`, () => {
    it('refuses to start with bad configuration, one clear line per bad variable', async () => {
      const { code, output } = await runToExit(options.mainFile, {
        ...env(),
        PORT: 'eighty',
        LOG_LEVEL: 'loud',
      });
      expect(code).toBe(1);
      const lines = output
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { level: string; msg: string });
      expect(lines.map((l) => l.msg).sort()).toEqual([
        expect.stringMatching(/^invalid configuration: LOG_LEVEL: /),
        expect.stringMatching(/^invalid configuration: PORT: /),
      ]);
      expect(lines.every((l) => l.level === 'fatal')).toBe(true);
    });

    it('on SIGTERM turns /readyz to 503 while still serving, then finishes the request in flight, closes idle connections, refuses new ones and exits 0', async () => {
      const service = await spawnService(
        options.mainFile,
        { ...env(), LOG_LEVEL: 'info', SHUTDOWN_DRAIN_DELAY_MS: '1500' },
        await freePort(),
      );
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        // An idle keep-alive connection, as a load balancer's pool would hold.
        let idleSocket: Socket | undefined;
        await new Promise<void>((resolve, reject) => {
          const req = http.get(
            `${service.url}/healthz`,
            { agent },
            (res) => void collect(res).then(() => resolve(), reject),
          );
          req.on('socket', (socket: Socket) => (idleSocket = socket));
          req.on('error', reject);
        });

        // A request whose body is still arriving when SIGTERM lands.
        const body = JSON.stringify({ message: 'x'.repeat(2000) });
        const inFlightReq = http.request(`${service.url}/in-flight`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        });
        const answered = new Promise<Answer>((resolve, reject) => {
          inFlightReq.on('response', (res) => void collect(res).then(resolve, reject));
          inFlightReq.on('error', reject);
        });
        await new Promise<void>((resolve) =>
          inFlightReq.write(body.slice(0, 100), () => resolve()),
        );
        // The server answers connections in order: once a later one is served, ours is accepted.
        expect((await fetch(`${service.url}/healthz`)).status).toBe(200);

        service.child.kill('SIGTERM');
        await waitFor(() => service.output().includes('draining'), 10_000, 'the drain log line');
        // The drain delay: out of the load balancer, still listening and serving.
        const ready = await fetch(`${service.url}/readyz`);
        expect(ready.status).toBe(503);
        expect(await ready.json()).toEqual({ status: 'draining', checks: {} });
        expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
        await waitFor(
          () => idleSocket?.destroyed === true,
          5_000,
          'the idle connection to be closed',
        );
        await waitFor(
          () =>
            fetch(`${service.url}/healthz`).then(
              () => false,
              () => true,
            ),
          5_000,
          'new connections to be refused',
        );
        expect(service.child.exitCode).toBeNull();

        inFlightReq.end(body.slice(100));
        const answer = await answered;
        expect(answer.status).toBe(404);
        expect(answer.headers.connection).toBe('close');
        expectErrorBody(options.errorShape, JSON.parse(answer.text), 'not_found');
        expect(await service.exited).toBe(0);
        expect(service.output()).toContain('shutdown complete');
      } finally {
        agent.destroy();
        if (service.child.exitCode === null) service.child.kill('SIGKILL');
      }
    });
  });
}
