import { FixedClock } from '@platform/clock';
import { deleteRedisPrefix, testEnvironment, uniqueRedisPrefix, waitFor } from '@platform/testing';
import { Worker } from 'bullmq';
import net from 'node:net';
import { Registry } from 'prom-client';
import { QueueRegistry } from './queue-registry';
import { QueuesOptions } from './queues.options';

const redisUrl = testEnvironment().TEST_REDIS_URL;
const NOW = new Date('2026-03-31T12:00:00.000Z');
const secondsBefore = (s: number): number => NOW.getTime() - s * 1000;

/** The value of one sample of the text exposition, or undefined when it is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('queue gauges on /metrics (real Redis)', () => {
  let prefix: string;
  const registries: QueueRegistry[] = [];

  const registry = (options: Partial<QueuesOptions> = {}): QueueRegistry => {
    const created = new QueueRegistry({
      redisUrl,
      redisPrefix: prefix,
      service: 'metrics-spec',
      workers: false,
      queues: ['alpha', 'alpha-dlq', 'beta'],
      clock: new FixedClock(NOW),
      ...options,
    });
    registries.push(created);
    return created;
  };

  beforeEach(() => {
    prefix = uniqueRedisPrefix('qm:');
  });

  afterEach(async () => {
    await Promise.all(registries.splice(0).map((r) => r.close()));
    await deleteRedisPrefix(redisUrl, prefix);
  });

  it('counts waiting, active, delayed, failed and dead-lettered jobs and ages the oldest waiting one', async () => {
    const metrics = new Registry();
    const queues = registry({ metricsRegistry: metrics });
    const alpha = queues.queue('alpha');

    // A failed job first, while it is the only one a worker could take.
    const doomed = await alpha.add('doomed', {});
    const worker = new Worker(
      'alpha',
      async () => {
        throw new Error('refused on purpose');
      },
      { connection: queues.connection.duplicate(), prefix: queues.prefix },
    );
    await waitFor(async () => (await doomed.getState()) === 'failed', 10_000, 'the failure');
    await worker.close();
    await worker.disconnect();

    await alpha.add('old', {}, { timestamp: secondsBefore(90) });
    await alpha.add('new', {}, { timestamp: secondsBefore(30) });
    await alpha.add('later', {}, { delay: 3_600_000 });
    await queues.queue('alpha-dlq').add('exhausted', {}, { timestamp: secondsBefore(7200) });
    await queues.queue('alpha-dlq').add('exhausted', {}, { timestamp: secondsBefore(60) });

    const text = await metrics.metrics();
    expect({
      waiting: sample(text, 'queue_jobs{queue="alpha",state="waiting"}'),
      active: sample(text, 'queue_jobs{queue="alpha",state="active"}'),
      delayed: sample(text, 'queue_jobs{queue="alpha",state="delayed"}'),
      failed: sample(text, 'queue_jobs{queue="alpha",state="failed"}'),
      prioritized: sample(text, 'queue_jobs{queue="alpha",state="prioritized"}'),
      deadLettered: sample(text, 'queue_dead_lettered_jobs{queue="alpha"}'),
      oldestAge: sample(text, 'queue_oldest_waiting_job_age_seconds{queue="alpha"}'),
    }).toEqual({
      waiting: 2,
      active: 0,
      delayed: 1,
      failed: 1,
      prioritized: 0,
      deadLettered: 2,
      oldestAge: 90,
    });
    // The dead-letter queue is a queue of its own too, with no dead-letter count of its own.
    expect(sample(text, 'queue_jobs{queue="alpha-dlq",state="waiting"}')).toBe(2);
    expect(sample(text, 'queue_oldest_waiting_job_age_seconds{queue="alpha-dlq"}')).toBe(7200);
    expect(text).not.toContain('queue_dead_lettered_jobs{queue="alpha-dlq"}');
    // A queue without a dead-letter queue has nothing dead-lettered; nothing waits in it.
    expect(sample(text, 'queue_dead_lettered_jobs{queue="beta"}')).toBe(0);
    expect(sample(text, 'queue_oldest_waiting_job_age_seconds{queue="beta"}')).toBe(0);
  });

  it('counts a scheduled or delayed job from when it became due, not from when it was added', async () => {
    const metrics = new Registry();
    const queues = registry({ metricsRegistry: metrics });
    // Added two hours ago with a delay of 1h50m: due ten minutes ago, and promoted since.
    const job = await queues
      .queue('beta')
      .add('scheduled', {}, { timestamp: secondsBefore(7200), delay: 6_600_000 });
    await job.promote();
    expect(await job.getState()).toBe('waiting');
    const text = await metrics.metrics();
    expect(sample(text, 'queue_oldest_waiting_job_age_seconds{queue="beta"}')).toBe(600);
  });

  it('answers at once, without queue series, while Redis is unreachable', async () => {
    const metrics = new Registry();
    registry({ redisUrl: 'redis://127.0.0.1:1', metricsRegistry: metrics });
    const started = performance.now();
    const text = await metrics.metrics();
    expect(performance.now() - started).toBeLessThan(500);
    expect(text).toContain('# TYPE queue_jobs gauge');
    expect(text).not.toMatch(/^queue_/m);
  });

  it('gives a Redis that stops answering one second, for all queues together, then leaves them out', async () => {
    const relay = await startFreezableRelay(new URL(redisUrl));
    try {
      const metrics = new Registry();
      const queues = registry({
        redisUrl: `redis://127.0.0.1:${relay.port}`,
        metricsRegistry: metrics,
      });
      await queues.queue('alpha').add('x', {});
      expect(sample(await metrics.metrics(), 'queue_jobs{queue="alpha",state="waiting"}')).toBe(1);
      relay.freeze();
      const started = performance.now();
      const text = await metrics.metrics();
      const elapsed = performance.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(900);
      expect(elapsed).toBeLessThan(2500);
      expect(text).not.toMatch(/^queue_/m);
    } finally {
      await relay.close();
    }
  });
});

/** A TCP relay to Redis that can stop passing bytes on while its connections stay open. */
async function startFreezableRelay(
  target: URL,
): Promise<{ port: number; freeze(): void; close(): Promise<void> }> {
  let frozen = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    sockets.add(client).add(upstream);
    client.on('data', (chunk) => {
      if (!frozen) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!frozen) client.write(chunk);
    });
    const forget = (): void => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', forget).on('close', forget);
    upstream.on('error', forget).on('close', forget);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    freeze: () => {
      frozen = true;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
