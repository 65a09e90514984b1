import type { INestApplication } from '@nestjs/common';
import { JobDispatcher, QueueRegistry } from '@platform/queues';
import {
  freePort,
  RunningTestApp,
  ServiceProcess,
  spawnService,
  startWebhookReceiver,
  WebhookReceiver,
} from '@platform/testing';
import { DataSource } from 'typeorm';
import { JOB_QUEUES } from '../src/jobs/job-queues';
import { WebhookOutboxModule } from '../src/pipeline/webhooks/webhook-outbox.module';
import { WebhookOutboxRepository } from '../src/pipeline/webhooks/webhook-outbox.repository';
import { GeoHarness, startGeo } from './support/geo-harness';
import { pipelineProvider } from './support/pipeline-context';
import {
  apiKeyOf,
  deliveriesOf,
  trustReceiver,
  waitForDeliveries,
  WEBHOOK_TEST_ENV,
  webhooksClient,
} from './support/webhooks-support';

// Durability of the outbox: nothing committed is lost, nothing rolled back is sent, and a worker
// killed mid-batch loses no delivery (a repeat carries the same webhook-id).
describe('webhook outbox durability', () => {
  let geo: GeoHarness;
  let receiver: WebhookReceiver;
  let app: INestApplication;
  let child: ServiceProcess | undefined;
  /** The in-process replica with workers, started once the child worker is gone. */
  let worker: RunningTestApp | undefined;

  async function workerReplica(): Promise<RunningTestApp> {
    if (worker === undefined) {
      worker = await geo.startInstance({ QUEUE_WORKERS: 'true' });
      trustReceiver(worker.app, receiver);
    }
    return worker;
  }

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    // API-only: until the child process is killed, it is the only worker.
    geo = await startGeo({ env: { ...WEBHOOK_TEST_ENV, QUEUE_WORKERS: 'false' } });
    app = geo.instances[0]!.app;
  });

  afterAll(async () => {
    if (child && child.child.exitCode === null) child.child.kill('SIGKILL');
    await geo?.close();
    await receiver?.close();
  });

  async function subscribe(instance: RunningTestApp, owner: string, path: string): Promise<string> {
    const client = webhooksClient(instance.url, await apiKeyOf(instance.app, owner));
    const created = await client.create({
      url: `${receiver.url}${path}`,
      events: ['monitor.report'],
    });
    return (created.body as { id: string }).id;
  }

  it('loses none of 500 deliveries when their worker is killed with SIGKILL mid-batch', async () => {
    // The API-only replica enqueues; a worker in a child process delivers, and is killed.
    const id = await subscribe(geo.instances[0]!, 'kill-owner', '/kill');
    // A slow receiver, so the child is still mid-batch (with deliveries in flight) when killed.
    receiver.setDefault({ status: 204, delayMs: 300 });
    const { eventIds } = await app.get(WebhookOutboxRepository).emit(
      'monitor.report',
      'kill-owner',
      Array.from({ length: 500 }, (_, i) => ({ n: i })),
    );

    child = await spawnService(
      'apps/geo-scoring/src/main.ts',
      {
        ...geo.env,
        NODE_EXTRA_CA_CERTS: receiver.caFile,
        QUEUE_WORKERS: 'true',
        LOG_LEVEL: 'warn',
      },
      await freePort(),
    );
    await receiver.waitForRequests(150, { path: '/kill', timeoutMs: 60_000 });
    child.child.kill('SIGKILL');
    await child.exited;
    expect(receiver.receivedAt('/kill').length).toBeLessThan(500);
    receiver.setDefault({ status: 204 });

    // A replica with workers takes over: waiting jobs at once, the killed worker's in-flight
    // ones once their locks expire.
    const rescuer = await workerReplica();
    await waitForDeliveries(geo.db, id, ['succeeded'], 60_000).catch(async (e) => {
      const q = rescuer.app.get(QueueRegistry).queue(JOB_QUEUES.webhookDeliveries);
      console.log(
        await geo.db.query('SELECT status, count(*) FROM webhook_deliveries GROUP BY 1'),
        await q.getJobCounts(),
        rescuer.app.get(QueueRegistry).workersEnabled,
        (await q.getWorkers()).length,
      );
      for (const log of geo.logs)
        console.log(
          log
            .entries()
            .filter((l) => /fail|error|stall|warn/i.test(JSON.stringify(l)))
            .map((l) => JSON.stringify(l))
            .join('\n'),
        );
      console.log(child?.output().slice(-3000));
      const stuck = await geo.db.query(
        "SELECT d.*, (SELECT count(*) FROM webhook_delivery_attempts a WHERE a.delivery_id = d.id) AS n FROM webhook_deliveries d WHERE status = 'pending'",
      );
      console.log(
        JSON.stringify(
          receiver.received
            .filter((r) => JSON.parse(r.body).id === stuck[0].event_id)
            .map((r) => r.receivedAt),
        ),
      );
      console.log(stuck, await q.getJob(stuck[0].id));
      throw e;
    });

    const requests = receiver.receivedAt('/kill');
    const received = new Map<string, number>();
    for (const request of requests) {
      const body = JSON.parse(request.body) as { id: string };
      // A repeat is the same message: its webhook-id is the event id.
      expect(request.headers['webhook-id']).toBe(body.id);
      received.set(body.id, (received.get(body.id) ?? 0) + 1);
    }
    expect([...received.keys()].sort()).toEqual([...eventIds].sort());
    expect(requests.length).toBeGreaterThanOrEqual(500);
    const deliveries = await deliveriesOf(geo.db, id);
    expect(deliveries).toHaveLength(500);
    expect(deliveries.every((d) => d.status === 'succeeded' && d.attempts >= 1)).toBe(true);
  }, 180_000);

  it('the sweep enqueues what a crash left committed but not enqueued, once it is 30 s old', async () => {
    await workerReplica();
    const id = await subscribe(geo.instances[0]!, 'crash-owner', '/crash');
    // The outbox written on a connection nobody enqueues from: as if the process died right
    // after COMMIT.
    const outbox = await pipelineProvider(
      geo.db,
      WebhookOutboxModule,
      WebhookOutboxRepository,
      geo.clock,
    );
    const { deliveryIds } = await outbox.emit('monitor.report', 'crash-owner', [
      { n: 1 },
      { n: 2 },
    ]);
    expect(deliveryIds).toHaveLength(2);
    const queue = app.get(QueueRegistry).queue(JOB_QUEUES.webhookDeliveries);
    expect(await queue.getJob(deliveryIds[0]!)).toBeUndefined();

    const sweep = () => app.get(JobDispatcher).runNow<{ enqueued: number }>(JOB_QUEUES.outboxSweep);
    expect(await sweep()).toEqual({ acquired: true, result: { enqueued: 0 } });
    geo.clock.advance(31_000);
    expect(await sweep()).toEqual({ acquired: true, result: { enqueued: 2 } });
    const delivered = await waitForDeliveries(geo.db, id, ['succeeded']);
    expect(delivered.map((d) => d.id).sort()).toEqual([...deliveryIds].sort());
    expect(receiver.receivedAt('/crash')).toHaveLength(2);
    // Sweeping again sends nothing twice.
    expect(await sweep()).toEqual({ acquired: true, result: { enqueued: 0 } });
  });

  it('writes nothing, and enqueues nothing, for a transaction that rolls back', async () => {
    const id = await subscribe(geo.instances[0]!, 'rollback-owner', '/rollback');
    const outbox = app.get(WebhookOutboxRepository);
    await expect(
      app.get(DataSource).transaction(async (manager) => {
        await outbox.withTransaction(manager).emit('monitor.report', 'rollback-owner', [{}]);
        throw new Error('the triggering change failed');
      }),
    ).rejects.toThrow('the triggering change failed');
    expect(await deliveriesOf(geo.db, id)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.receivedAt('/rollback')).toHaveLength(0);
  });
});
