// The queue board mounted by QueuesModule.forService, in a real Nest app on real Redis and
// PostgreSQL: behind its token, read-only unless told otherwise, absent without a token.
import { Module } from '@nestjs/common';
import { GeoScoringConfig, loadConfig } from '@platform/config';
import { codeErrorBody } from '@platform/http';
import { definePlatformApp } from '@platform/platform';
import {
  isolateService,
  IsolatedServiceResources,
  LogCapture,
  RunningTestApp,
  startTestApp,
  waitFor,
} from '@platform/testing';
import { Job, Queue, Worker } from 'bullmq';
import { QueueRegistry } from '../queue-registry';
import { QueuesModule } from '../queues.module';

const TOKEN = 'board-token-0123456789-abcdef';
const QUEUES = ['alpha', 'alpha-dlq', 'beta'];

@Module({ imports: [QueuesModule.forService(GeoScoringConfig, QUEUES)] })
class BoardJobsModule {}

const boardApp = definePlatformApp<GeoScoringConfig>({
  migrations: [],
  imports: () => [BoardJobsModule],
  errorFormat: codeErrorBody,
  openApi: { title: 'board spec', description: 'a service with queues' },
});

let resources: IsolatedServiceResources;
const apps: RunningTestApp[] = [];

async function start(env: Record<string, string>): Promise<RunningTestApp> {
  const config = loadConfig(GeoScoringConfig, {
    ...resources.env,
    QUEUE_WORKERS: 'false',
    ...env,
  });
  const running = await startTestApp(() =>
    boardApp.create(config, { logDestination: new LogCapture() }),
  );
  apps.push(running);
  return running;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const basic = (user: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
});

/** A job of `queue` that failed once, through a real worker on the app's queue prefix. */
async function failedJob(running: RunningTestApp, queue: string): Promise<Job> {
  const registry = running.app.get(QueueRegistry);
  const job = await registry.queue(queue).add('doomed', { n: 1 });
  const worker = new Worker(
    queue,
    async () => {
      throw new Error('refused on purpose');
    },
    { connection: registry.connection.duplicate(), prefix: registry.prefix },
  );
  try {
    await waitFor(async () => (await job.getState()) === 'failed', 10_000, 'the job to fail');
  } finally {
    await worker.close();
    await worker.disconnect();
  }
  return job;
}

beforeAll(async () => {
  resources = await isolateService({
    service: 'queueboardspec',
    migrations: [],
    redisPrefixBase: 'qb:',
  });
});

afterAll(async () => {
  await Promise.all(apps.map((running) => running.close()));
  await resources.release();
});

describe('without QUEUE_BOARD_TOKEN', () => {
  it('mounts nothing at /admin/queues: the page, an asset and the API are unknown routes', async () => {
    const { url } = await start({});
    for (const path of [
      '/admin/queues',
      '/admin/queues/static/favicon-32x32.png',
      '/admin/queues/api/queues',
    ]) {
      const response = await fetch(`${url}${path}`, { headers: bearer(TOKEN) });
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
    }
  });
});

describe('with QUEUE_BOARD_TOKEN (read-only by default)', () => {
  let board: RunningTestApp;
  let failed: Job;

  beforeAll(async () => {
    board = await start({ QUEUE_BOARD_TOKEN: TOKEN });
    failed = await failedJob(board, 'alpha');
  });

  it('refuses the page, a static asset and the API without the token, asking for Basic auth', async () => {
    for (const path of [
      '/admin/queues',
      '/admin/queues/',
      '/admin/queues/queue/alpha',
      '/admin/queues/static/favicon-32x32.png',
      '/admin/queues/api/queues',
      `/admin/queues/api/queues/alpha/${failed.id}`,
    ]) {
      const response = await fetch(`${board.url}${path}`);
      expect({ path, status: response.status }).toEqual({ path, status: 401 });
      expect(response.headers.get('www-authenticate')).toBe('Basic realm="queues"');
      expect(await response.json()).toMatchObject({ code: 'missing_authorization' });
    }
  });

  it('refuses a wrong bearer token, a wrong password, the token as user name and other schemes', async () => {
    const attempts: Record<string, string>[] = [
      bearer('board-token-0123456789-abcdeX'),
      bearer(TOKEN.slice(0, -1)),
      bearer(`${TOKEN}0`),
      basic('oncall', 'nope'),
      basic(TOKEN, ''),
      { authorization: `Basic ${Buffer.from(TOKEN).toString('base64')}` },
      { authorization: `Token ${TOKEN}` },
      { authorization: TOKEN },
    ];
    for (const headers of attempts) {
      const response = await fetch(`${board.url}/admin/queues/api/queues`, { headers });
      expect({ headers, status: response.status }).toEqual({ headers, status: 401 });
      expect(response.headers.get('www-authenticate')).toBe('Basic realm="queues"');
      expect(await response.json()).toMatchObject({ code: 'invalid_queue_board_token' });
    }
  });

  it('serves the page, its assets and its API to the bearer token', async () => {
    const page = await fetch(`${board.url}/admin/queues`, { headers: bearer(TOKEN) });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    const html = await page.text();
    expect(html).toContain('<base href="/admin/queues/" />');
    expect(html).toContain('geo-scoring queues');

    const asset = await fetch(`${board.url}/admin/queues/static/favicon-32x32.png`, {
      headers: bearer(TOKEN),
    });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toBe('image/png');
    await asset.arrayBuffer();

    const api = await fetch(
      `${board.url}/admin/queues/api/queues?activeQueue=alpha&status=failed`,
      {
        headers: bearer(TOKEN),
      },
    );
    expect(api.status).toBe(200);
    const body = (await api.json()) as {
      queues: {
        name: string;
        readOnlyMode: boolean;
        counts: Record<string, number>;
        jobs: { id: string; failedReason: string }[];
      }[];
    };
    expect(body.queues.map((q) => q.name).sort()).toEqual(['alpha', 'alpha-dlq', 'beta']);
    const alpha = body.queues.find((q) => q.name === 'alpha');
    expect(alpha).toMatchObject({ readOnlyMode: true, counts: { failed: 1 } });
    expect(alpha?.jobs).toEqual([
      expect.objectContaining({ id: failed.id, failedReason: 'refused on purpose' }),
    ]);
  });

  it('accepts the token as the Basic password under any user name', async () => {
    for (const user of ['oncall', '', 'on call é']) {
      const response = await fetch(`${board.url}/admin/queues/api/queues`, {
        headers: basic(user, TOKEN),
      });
      expect({ user, status: response.status }).toEqual({ user, status: 200 });
    }
  });

  it('refuses retry, clean, promote and remove while read-only, and the job stays failed', async () => {
    const queue = `${board.url}/admin/queues/api/queues/alpha`;
    for (const [method, path] of [
      ['PUT', `/${failed.id}/retry`],
      ['PUT', '/retry/failed'],
      ['PUT', '/clean/failed'],
      ['PUT', `/${failed.id}/clean`],
      ['PUT', '/promote'],
      ['PUT', '/empty'],
    ] as const) {
      const response = await fetch(`${queue}${path}`, { method, headers: bearer(TOKEN) });
      expect({ path, status: response.status }).toEqual({ path, status: 405 });
    }
    expect(await failed.getState()).toBe('failed');
  });

  it('stays out of the OpenAPI document', async () => {
    const response = await fetch(`${board.url}/openapi.json`);
    const document = (await response.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths).filter((path) => path.includes('queues'))).toEqual([]);
  });
});

describe('with QUEUE_BOARD_READ_ONLY=false', () => {
  let board: RunningTestApp;

  beforeAll(async () => {
    board = await start({ QUEUE_BOARD_TOKEN: TOKEN, QUEUE_BOARD_READ_ONLY: 'false' });
  });

  it('retries a failed job: it waits again', async () => {
    const job = await failedJob(board, 'beta');
    const response = await fetch(`${board.url}/admin/queues/api/queues/beta/${job.id}/retry`, {
      method: 'PUT',
      headers: bearer(TOKEN),
    });
    expect(response.status).toBe(204);
    expect(await job.getState()).toBe('waiting');
  });

  it('cleans (removes) a failed job', async () => {
    const job = await failedJob(board, 'alpha-dlq');
    const response = await fetch(`${board.url}/admin/queues/api/queues/alpha-dlq/${job.id}/clean`, {
      method: 'PUT',
      headers: bearer(TOKEN),
    });
    expect(response.status).toBe(204);
    const queue: Queue = board.app.get(QueueRegistry).queue('alpha-dlq');
    expect(await queue.getJob(job.id!)).toBeUndefined();
  });

  it('still refuses every action without the token', async () => {
    const response = await fetch(`${board.url}/admin/queues/api/queues/alpha/clean/failed`, {
      method: 'PUT',
    });
    expect(response.status).toBe(401);
  });
});
