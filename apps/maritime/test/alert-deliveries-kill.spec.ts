// Durability of the delivery queue: a worker process killed with SIGKILL mid-batch loses no
// delivery; another replica finishes them (a repeat carries the same webhook-id).
import {
  fetchJson,
  freePort,
  ServiceProcess,
  spawnService,
  startWebhookReceiver,
  WebhookReceiver,
} from '@platform/testing';
import { ApiKeysService } from '../src/platform/api-keys/api-keys.service';
import { SmtpSink, startSmtpSink } from './support/alert-channels-support';
import {
  createDeliveries,
  deliveryEnv,
  putChannel,
  trustReceiver,
  waitForStatus,
} from './support/alert-deliveries-support';
import { MaritimeHarness, startMaritime } from './support/maritime-harness';

const COUNT = 200;

describe('alert delivery worker killed with SIGKILL', () => {
  let harness: MaritimeHarness;
  let receiver: WebhookReceiver;
  let smtp: SmtpSink;
  let child: ServiceProcess | undefined;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    smtp = await startSmtpSink();
    // API only: until the child process is killed, it is the only worker.
    harness = await startMaritime({
      env: { ...deliveryEnv(receiver, smtp), QUEUE_WORKERS: 'false' },
    });
  });

  afterAll(async () => {
    if (child && child.child.exitCode === null) child.child.kill('SIGKILL');
    await harness?.close();
    await receiver?.close();
    await smtp?.close();
  });

  it(`loses none of ${COUNT} deliveries when their worker dies mid-batch`, async () => {
    const api = harness.instances[0]!;
    const { key } = await api.app
      .get(ApiKeysService)
      .create({ ownerId: 'kill-owner', plan: 'pro', rateLimitPerMin: null });
    const send = (method: string, path: string, body: unknown, apiKey?: string) =>
      fetchJson(`${api.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', 'x-api-key': apiKey ?? '' },
        body: JSON.stringify(body),
      });
    await putChannel({ send }, key, 'webhook', { url: `${receiver.url}/kill` });
    // A slow receiver, so the child still has deliveries in flight when it is killed.
    receiver.setDefault({ status: 204, delayMs: 300 });
    const ids = await createDeliveries(
      { db: harness.db, app: api.app },
      Array.from({ length: COUNT }, () => ({ owner: 'kill-owner', channel: 'webhook' })),
    );

    child = await spawnService(
      'apps/maritime/src/main.ts',
      {
        ...harness.env,
        NODE_EXTRA_CA_CERTS: receiver.caFile,
        QUEUE_WORKERS: 'true',
        LOG_LEVEL: 'warn',
      },
      await freePort(),
    );
    await receiver.waitForRequests(60, { path: '/kill', timeoutMs: 60_000 });
    child.child.kill('SIGKILL');
    await child.exited;
    expect(receiver.receivedAt('/kill').length).toBeLessThan(COUNT);
    receiver.setDefault({ status: 204 });

    // A replica with workers takes over: waiting jobs at once, the killed worker's in-flight ones
    // once their locks expire.
    const rescuer = await harness.startInstance({ QUEUE_WORKERS: 'true' });
    trustReceiver(rescuer.app, receiver);
    const states = await waitForStatus(harness.db, ids, ['delivered'], 90_000);
    expect(states.every((s) => s.attempts >= 1)).toBe(true);

    const received = new Map<string, number>();
    for (const request of receiver.receivedAt('/kill')) {
      const body = JSON.parse(request.body) as { id: string };
      expect(request.headers['webhook-id']).toBe(body.id);
      received.set(body.id, (received.get(body.id) ?? 0) + 1);
    }
    expect([...received.keys()].sort()).toEqual([...ids].sort());
    const [attempts] = (await harness.db.query(
      'SELECT count(DISTINCT delivery_id)::int AS n FROM delivery_attempts WHERE delivery_id = ANY ($1::uuid[])',
      [ids],
    )) as { n: number }[];
    expect(attempts!.n).toBe(COUNT);
  }, 180_000);
});
