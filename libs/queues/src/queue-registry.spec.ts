import { deleteRedisPrefix, testEnvironment, uniqueRedisPrefix, waitFor } from '@platform/testing';
import { Worker } from 'bullmq';
import { Registry } from 'prom-client';
import { QueueRegistry } from './queue-registry';
import { QueuesOptions } from './queues.options';

const redisUrl = testEnvironment().TEST_REDIS_URL;

describe('QueueRegistry (real Redis)', () => {
  let prefix: string;
  const registries: QueueRegistry[] = [];

  const registry = (options: Partial<QueuesOptions> = {}): QueueRegistry => {
    const created = new QueueRegistry({
      redisUrl,
      redisPrefix: prefix,
      service: 'queues-spec',
      workers: true,
      queues: ['alpha', 'beta'],
      ...options,
    });
    registries.push(created);
    return created;
  };

  beforeEach(() => {
    prefix = uniqueRedisPrefix('q:');
  });

  afterEach(async () => {
    await Promise.all(registries.splice(0).map((r) => r.close()));
    await deleteRedisPrefix(redisUrl, prefix);
  });

  it('keys queues under the service prefix, with no ioredis keyPrefix on its connection', async () => {
    const queues = registry();
    await queues.queue('alpha').add('x', { n: 1 });
    expect(queues.connection.options.keyPrefix ?? '').toBe('');
    // One SCAN call covers only part of the keyspace: follow the cursor to its end.
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, found] = await queues.connection.scan(
        cursor,
        'MATCH',
        `${prefix}alpha:*`,
        'COUNT',
        1000,
      );
      keys.push(...found);
      cursor = next;
    } while (cursor !== '0');
    expect(keys.length).toBeGreaterThan(0);
    expect(() => queues.queue('gamma')).toThrow(/unknown queue/);
  });

  it('processes jobs once a processor is registered and the registry started', async () => {
    const queues = registry();
    const seen: number[] = [];
    queues.process<{ n: number }, number>('alpha', async (job) => {
      seen.push(job.data.n);
      return job.data.n * 2;
    });
    queues.start();
    const job = await queues.queue<{ n: number }>('alpha').add('x', { n: 21 });
    await waitFor(async () => (await job.getState()) === 'completed', 10_000, 'the job');
    expect(seen).toEqual([21]);
    expect(queues.worker('alpha')).toBeDefined();
  });

  it('creates no worker when workers are off; a job waits for a replica that has them', async () => {
    const apiOnly = registry({ workers: false });
    apiOnly.process('alpha', async () => 'api-only');
    apiOnly.start();
    expect(apiOnly.worker('alpha')).toBeUndefined();
    const job = await apiOnly.queue('alpha').add('x', {});
    expect(await job.getState()).toBe('waiting');
    expect(await apiOnly.queue('alpha').getWorkersCount()).toBe(0);

    const workerReplica = registry();
    workerReplica.process('alpha', async () => 'worker');
    workerReplica.start();
    await waitFor(async () => (await job.getState()) === 'completed', 10_000, 'the job');
    const done = await apiOnly.queue('alpha').getJob(job.id!);
    expect(done?.returnvalue).toBe('worker');
  });

  it('registers a job scheduler once however many replicas upsert it', async () => {
    const a = registry({ workers: false });
    const b = registry({ workers: false });
    await Promise.all([
      a.upsertScheduler('beta', 'beta-daily', { pattern: '0 3 * * *' }, { data: { k: 1 } }),
      b.upsertScheduler('beta', 'beta-daily', { pattern: '0 3 * * *' }, { data: { k: 1 } }),
      a.upsertScheduler('beta', 'beta-daily', { pattern: '0 3 * * *' }, { data: { k: 1 } }),
    ]);
    const schedulers = await a.queue('beta').getJobSchedulers();
    expect(schedulers).toHaveLength(1);
    expect(schedulers[0]).toMatchObject({ key: 'beta-daily', pattern: '0 3 * * *', tz: 'UTC' });
    expect(await a.queue('beta').getDelayedCount()).toBe(1);
    const [next] = await a.queue('beta').getDelayed();
    expect(new Date(next!.timestamp + next!.delay).getUTCHours()).toBe(3);
  });

  it('on close lets the running job finish before closing', async () => {
    const queues = registry();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = false;
    let finished = false;
    queues.process('alpha', async () => {
      started = true;
      await gate;
      finished = true;
      return 'done';
    });
    queues.start();
    const job = await queues.queue('alpha').add('x', {});
    await waitFor(() => started, 10_000, 'the job to start');
    const closing = queues.close();
    release();
    await closing;
    expect(finished).toBe(true);
    const observer = registry({ workers: false });
    expect(await (await observer.queue('alpha').getJob(job.id!))?.getState()).toBe('completed');
  });

  it('drains and closes an adopted worker with its own, and closes at once with Redis away', async () => {
    const queues = registry();
    const worker = new Worker('beta', async () => 'adopted', {
      connection: queues.connection,
      prefix: queues.prefix,
    });
    queues.adoptWorker('beta', worker);
    expect(queues.worker('beta')).toBe(worker);
    expect(() => queues.adoptWorker('beta', worker)).toThrow(/already has a worker/);
    const job = await queues.queue('beta').add('x', {});
    await waitFor(async () => (await job.getState()) === 'completed', 10_000, 'the job to run');
    await queues.close();
    expect(worker.isRunning()).toBe(false);

    // A closed port: the connection never becomes ready. A close that waited for it (or for the
    // 60 s shutdown timeout) would outlive this test's own timeout.
    const away = new QueueRegistry({
      redisUrl: 'redis://127.0.0.1:1',
      redisPrefix: prefix,
      service: 'queues-spec',
      workers: true,
      queues: ['alpha'],
      shutdownTimeoutMs: 60_000,
    });
    const stranded = new Worker('alpha', async () => undefined, {
      connection: away.connection,
      prefix: away.prefix,
    });
    stranded.on('error', () => undefined);
    away.adoptWorker('alpha', stranded);
    await away.close();
    expect(stranded.isRunning()).toBe(false);
  });

  it('exposes queue depth per queue and state on the metrics registry', async () => {
    const metrics = new Registry();
    const queues = registry({ workers: false, metricsRegistry: metrics });
    await queues.queue('beta').add('x', {});
    await queues.queue('beta').add('y', {}, { delay: 60_000 });
    const text = await metrics.metrics();
    expect(text).toContain('queue_jobs{queue="beta",state="waiting"} 1');
    expect(text).toContain('queue_jobs{queue="beta",state="delayed"} 1');
    expect(text).toContain('queue_jobs{queue="alpha",state="waiting"} 0');
  });
});
