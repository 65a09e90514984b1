import {
  deleteRedisPrefix,
  startWebhookReceiver,
  testEnvironment,
  uniqueRedisPrefix,
  waitFor,
  WebhookReceiver,
} from '@platform/testing';
import { Queue, Worker } from 'bullmq';
import Redis from 'ioredis';
import type { DeliveryDecision } from './attempt-result';
import { createDeliveryWorker, enqueueDeliveries } from './delivery-queue';
import { DeliveryRunner, webhookTransport } from './delivery-runner';
import type { AttemptRecord, DeliveryStore, PendingDelivery } from './delivery-store';
import { PinnedAgents } from './pinned-agents';
import { RetrySchedule } from './retry-schedule';
import { OutboundTargetGuard } from './target-guard';
import { WebhookSender } from './webhook-sender';

type Status = 'pending' | 'retrying' | 'succeeded' | 'dead' | 'canceled';

interface Row {
  status: Status;
  attempts: number;
  path: string;
  active: boolean;
  decisions: DeliveryDecision[];
  attemptRows: AttemptRecord[];
}

/** The store a service would keep in PostgreSQL, in memory: the runner is what is under test. */
class MemoryStore implements DeliveryStore {
  readonly rows = new Map<string, Row>();

  constructor(private readonly baseUrl: () => string) {}

  add(id: string, path: string, active = true): void {
    this.rows.set(id, {
      status: 'pending',
      attempts: 0,
      path,
      active,
      decisions: [],
      attemptRows: [],
    });
  }

  async load(id: string): Promise<PendingDelivery | null> {
    const row = this.rows.get(id);
    if (!row || (row.status !== 'pending' && row.status !== 'retrying')) return null;
    return {
      deliveryId: id,
      attemptsMade: row.attempts,
      endpoint: { url: `${this.baseUrl()}${row.path}`, secret: null, active: row.active },
      message: { id: `evt_${id}`, body: JSON.stringify({ id: `evt_${id}` }) },
    };
  }

  async record(
    delivery: PendingDelivery,
    attempt: AttemptRecord,
    decision: DeliveryDecision,
  ): Promise<void> {
    const row = this.rows.get(delivery.deliveryId)!;
    row.attempts = attempt.attempt;
    row.status = decision.status;
    row.decisions.push(decision);
    row.attemptRows.push(attempt);
  }

  async cancel(delivery: PendingDelivery): Promise<void> {
    this.rows.get(delivery.deliveryId)!.status = 'canceled';
  }
}

describe('DeliveryRunner and the BullMQ delivery worker', () => {
  let receiver: WebhookReceiver;
  let agents: PinnedAgents;
  let store: MemoryStore;
  let runner: DeliveryRunner;
  const redisUrl = testEnvironment().TEST_REDIS_URL;
  const prefix = uniqueRedisPrefix('wh:').replace(/:$/, '');
  let connection: Redis;
  let queue: Queue;
  let worker: Worker | undefined;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    agents = new PinnedAgents({ ca: [receiver.ca] });
    store = new MemoryStore(() => receiver.url);
    const sender = new WebhookSender({
      guard: new OutboundTargetGuard({ allowPrivateTargets: true }),
      agents,
      userAgent: 'test/1',
      timeoutMs: 2_000,
    });
    runner = new DeliveryRunner({
      store,
      transport: webhookTransport(sender),
      // About 1 s for the whole 28-hour schedule.
      schedule: new RetrySchedule({ factor: 0.00001 }),
    });
    connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    queue = new Queue('deliveries', { connection, prefix });
  });

  afterAll(async () => {
    await worker?.close();
    await queue.close();
    connection.disconnect();
    await deleteRedisPrefix(redisUrl, prefix);
    await agents.close();
    await receiver.close();
  });

  it('runs one attempt per call: success, a retry, 410, a canceled endpoint, nothing to do', async () => {
    store.add('ok', '/ok');
    receiver.script('/flaky', { status: 500 });
    store.add('flaky', '/flaky');
    receiver.script('/gone', { status: 410 });
    store.add('gone', '/gone');
    store.add('off', '/off', false);

    expect(await runner.run('ok')).toEqual({ kind: 'succeeded' });
    expect(await runner.run('ok')).toEqual({ kind: 'nothing_to_do' });
    expect(await runner.run('unknown')).toEqual({ kind: 'nothing_to_do' });
    const retry = await runner.run('flaky');
    expect(retry.kind).toBe('retry');
    expect(store.rows.get('flaky')).toMatchObject({ status: 'retrying', attempts: 1 });
    expect(await runner.run('flaky')).toEqual({ kind: 'succeeded' });
    expect(store.rows.get('flaky')!.attemptRows.map((a) => [a.attempt, a.statusCode])).toEqual([
      [1, 500],
      [2, 204],
    ]);
    expect(await runner.run('gone')).toEqual({ kind: 'dead' });
    expect(store.rows.get('gone')!.decisions).toEqual([
      { status: 'dead', reason: 'endpoint_gone', disableEndpoint: true },
    ]);
    expect(await runner.run('off')).toEqual({ kind: 'canceled' });
    expect(store.rows.get('off')!.status).toBe('canceled');
    expect(receiver.receivedAt('/off')).toHaveLength(0);
  });

  it('the worker retries in the same job until success, or 8 attempts then dead', async () => {
    worker = createDeliveryWorker({
      queue: 'deliveries',
      connection,
      prefix,
      runner,
      concurrency: 4,
    });
    receiver.script('/later', { status: 503 }, { status: 500 }, { status: 200 });
    store.add('later', '/later');
    receiver.script('/never', ...Array.from({ length: 8 }, () => ({ status: 500 })));
    store.add('never', '/never');
    receiver.script('/wait', { status: 429, headers: { 'retry-after': '1' } });
    store.add('throttled', '/wait');

    await enqueueDeliveries(queue, ['later', 'never', 'throttled']);
    // Enqueueing a waiting, delayed or running delivery again adds nothing.
    await enqueueDeliveries(queue, ['later', 'never', 'throttled']);
    await waitFor(
      () =>
        ['later', 'never', 'throttled'].every((id) =>
          ['succeeded', 'dead'].includes(store.rows.get(id)!.status),
        ),
      20_000,
      'deliveries to finish',
    );
    expect(store.rows.get('later')).toMatchObject({ status: 'succeeded', attempts: 3 });
    expect(receiver.receivedAt('/later')).toHaveLength(3);
    expect(store.rows.get('never')).toMatchObject({ status: 'dead', attempts: 8 });
    expect(store.rows.get('never')!.decisions.at(-1)).toEqual({
      status: 'dead',
      reason: 'retries_exhausted',
      disableEndpoint: false,
    });
    expect(receiver.receivedAt('/never')).toHaveLength(8);
    const ids = new Set(receiver.receivedAt('/never').map((r) => r.headers['webhook-id']));
    expect([...ids]).toEqual(['evt_never']);
    const [throttled, after] = receiver.receivedAt('/wait');
    expect(after!.receivedAt - throttled!.receivedAt).toBeGreaterThanOrEqual(950);
    // Finished jobs leave nothing behind, so a replay can enqueue the same id again.
    await waitFor(
      async () =>
        (await queue.getJobCounts('completed', 'failed', 'delayed', 'wait', 'active')).completed ===
        0,
      5_000,
    );
    expect(await queue.getJob('later')).toBeUndefined();
    store.rows.get('never')!.status = 'pending';
    store.rows.get('never')!.attempts = 0;
    receiver.script('/never', { status: 200 });
    await enqueueDeliveries(queue, ['never']);
    await waitFor(() => store.rows.get('never')!.status === 'succeeded', 10_000, 'the replay');
  });
});
