// The alert-deliveries worker against real peers: pending deliveries inserted as the alert
// evaluation writes them, enqueued through AlertDeliveryQueue, sent to a local HTTPS receiver and
// SMTP server. Retries run on the real schedule scaled down to about a second in all.
import { createHmac } from 'node:crypto';
import { QueueRegistry } from '@platform/queues';
import { JOB_QUEUES } from '../src/jobs/job-queues';
import { AlertDeliveryQueue } from '../src/jobs/alert-deliveries/alert-delivery-queue';
import { AlertDeliveryWorker } from '../src/jobs/alert-deliveries/alert-delivery.worker';
import { mailHeader } from './support/alert-channels-support';
import {
  attemptsOf,
  CHANNELS_PATH,
  createDeliveries,
  deliveriesWorldForFile,
  deliveryStates,
  insertDeliveries,
  putChannel,
  waitForStatus,
} from './support/alert-deliveries-support';

const world = deliveriesWorldForFile();
const SECRET = 'delivery-secret-0123456789';
let pro: string;

const dlq = () => world.app.get(QueueRegistry).queue(JOB_QUEUES.alertDeliveriesDlq);
const bodyOf = (path: string, index = -1) =>
  JSON.parse(world.receiver.receivedAt(path).at(index)!.body) as Record<string, unknown>;

beforeAll(async () => {
  pro = await world.mintKey('pro', 'owner-a');
});

describe('delivery to each channel type', () => {
  it('delivers to a webhook, signed, with webhook-id = the delivery id', async () => {
    await putChannel(world, pro, 'webhook', { url: `${world.receiver.url}/hook`, secret: SECRET });
    const [id] = await createDeliveries(world, [{ owner: 'owner-a', channel: 'webhook' }]);
    const [state] = await waitForStatus(world.db, [id!], ['delivered']);
    expect(state).toMatchObject({ attempts: 1, last_status_code: 204, reason_code: null });
    const request = world.receiver.receivedAt('/hook').at(-1)!;
    const webhookId = request.headers['webhook-id'] as string;
    const timestamp = request.headers['webhook-timestamp'] as string;
    expect(webhookId).toBe(id);
    expect(request.headers['x-service-signature']).toBe(
      `v1,${createHmac('sha256', Buffer.from(SECRET, 'utf8')).update(`${webhookId}.${timestamp}.${request.body}`).digest('base64')}`,
    );
    const body = bodyOf('/hook');
    expect(body).toMatchObject({
      id,
      type: 'alert.matched',
      data: { rule: { id: 1, name: 'dark in zones', version: 2 }, vessel: null },
    });
    // The rule's severity override was applied when the message was written.
    expect((body['data'] as { alert: { severity: string } }).alert.severity).toBe('critical');
    expect(await attemptsOf(world.db, id!)).toEqual([
      { attempt_no: 1, status_code: 204, outcome: 'success', error: null },
    ]);
  });

  it('delivers to Slack and Teams in their own formats', async () => {
    await putChannel(world, pro, 'slack', { webhook_url: `${world.receiver.url}/slack/T1/B1/x` });
    await putChannel(world, pro, 'teams', { webhook_url: `${world.receiver.url}/teams` });
    const ids = await createDeliveries(world, [
      { owner: 'owner-a', channel: 'slack' },
      { owner: 'owner-a', channel: 'teams' },
    ]);
    await waitForStatus(world.db, ids, ['delivered']);
    expect(bodyOf('/slack/T1/B1/x')['text']).toBe('[CRITICAL] Dark event near Hormuz');
    expect(bodyOf('/teams')).toMatchObject({
      type: 'message',
      attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive' }],
    });
  });

  it('delivers e-mail to every recipient at once; an SMTP 550 dead-letters as smtp_rejected', async () => {
    await putChannel(world, pro, 'email', { to: 'ops@example.com, duty@example.com' });
    const [id] = await createDeliveries(world, [{ owner: 'owner-a', channel: 'email' }]);
    await waitForStatus(world.db, [id!], ['delivered']);
    const mail = world.smtp.messages.at(-1)!;
    expect(mail.to).toEqual(['ops@example.com', 'duty@example.com']);
    expect(mailHeader(mail.raw, 'Subject')).toBe('[Maritime][CRITICAL] Dark event near Hormuz');
    expect(mailHeader(mail.raw, 'X-Maritime-Delivery-Id')).toBe(id);

    await putChannel(world, pro, 'email', { to: 'rejected@example.com' });
    const [refused] = await createDeliveries(world, [{ owner: 'owner-a', channel: 'email' }]);
    const [state] = await waitForStatus(world.db, [refused!], ['dead_lettered']);
    expect(state).toMatchObject({
      attempts: 1,
      reason_code: 'smtp_rejected',
      last_status_code: 550,
    });
    expect((await attemptsOf(world.db, refused!))[0]).toMatchObject({ outcome: 'smtp_error' });
  });
});

describe('retries and dead letters', () => {
  it('500, 500, 200: delivered on the third attempt, one attempt row each, one webhook-id', async () => {
    await putChannel(world, pro, 'webhook', { url: `${world.receiver.url}/flaky` });
    world.receiver.script(
      '/flaky',
      { status: 500, body: 'boom' },
      { status: 500 },
      { status: 200 },
    );
    const [id] = await createDeliveries(world, [{ owner: 'owner-a', channel: 'webhook' }]);
    const [state] = await waitForStatus(world.db, [id!], ['delivered']);
    expect(state).toMatchObject({ attempts: 3, last_status_code: 200, next_attempt_at: null });
    expect((await attemptsOf(world.db, id!)).map((a) => [a.attempt_no, a.status_code])).toEqual([
      [1, 500],
      [2, 500],
      [3, 200],
    ]);
    const requests = world.receiver.receivedAt('/flaky');
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((r) => r.headers['webhook-id']))).toEqual(new Set([id]));
    expect(new Set(requests.map((r) => r.body)).size).toBe(1);
  });

  it('8 failed attempts, then dead_lettered with retries_exhausted: a row and a DLQ job', async () => {
    await putChannel(world, pro, 'webhook', { url: `${world.receiver.url}/down` });
    world.receiver.script('/down', ...Array.from({ length: 8 }, () => ({ status: 503 })));
    const [id] = await createDeliveries(world, [{ owner: 'owner-a', channel: 'webhook' }]);
    const [state] = await waitForStatus(world.db, [id!], ['dead_lettered'], 30_000);
    expect(state).toMatchObject({ attempts: 8, reason_code: 'retries_exhausted' });
    expect(await attemptsOf(world.db, id!)).toHaveLength(8);
    expect(world.receiver.receivedAt('/down')).toHaveLength(8);
    const [letter] = (await world.db.query(
      'SELECT owner_id, reason_code, replayed_at FROM dead_letters WHERE delivery_id = $1',
      [id],
    )) as unknown[];
    expect(letter).toEqual({
      owner_id: 'owner-a',
      reason_code: 'retries_exhausted',
      replayed_at: null,
    });
    const job = await dlq().getJob(id!);
    expect(job?.data).toMatchObject({ delivery_id: id, reason_code: 'retries_exhausted' });
    expect(await job?.getState()).toBe('waiting');
  });

  it('a 4xx other than 408/429 dead-letters at once with http_4xx', async () => {
    await putChannel(world, pro, 'webhook', { url: `${world.receiver.url}/refuse` });
    world.receiver.script('/refuse', { status: 422, body: 'unprocessable' });
    const [id] = await createDeliveries(world, [{ owner: 'owner-a', channel: 'webhook' }]);
    const [state] = await waitForStatus(world.db, [id!], ['dead_lettered']);
    expect(state).toMatchObject({ attempts: 1, reason_code: 'http_4xx', last_status_code: 422 });
  });

  it('honours a 429 Retry-After as sent, unscaled by the schedule factor', async () => {
    await putChannel(world, pro, 'webhook', { url: `${world.receiver.url}/throttle` });
    world.receiver.script('/throttle', { status: 429, headers: { 'retry-after': '2' } });
    const [id] = await createDeliveries(world, [{ owner: 'owner-a', channel: 'webhook' }]);
    const [retrying] = await waitForStatus(world.db, [id!], ['retrying']);
    const [first] = (await world.db.query(
      'SELECT started_at, duration_ms FROM delivery_attempts WHERE delivery_id = $1',
      [id],
    )) as { started_at: Date; duration_ms: number }[];
    expect(retrying!.next_attempt_at!.getTime() - first!.started_at.getTime()).toBe(
      first!.duration_ms + 2_000,
    );
    await waitForStatus(world.db, [id!], ['delivered']);
    const [a, b] = world.receiver.receivedAt('/throttle');
    expect(b!.receivedAt - a!.receivedAt).toBeGreaterThanOrEqual(1_900);
  });

  it('410 dead-letters with endpoint_gone, disables the channel and cancels its queue', async () => {
    const gone = await world.mintKey('pro', 'owner-gone');
    await putChannel(world, gone, 'webhook', { url: `${world.receiver.url}/gone` });
    world.receiver.script('/gone', { status: 410 });
    // Two more waiting for the same channel (not enqueued yet), one for another owner.
    const queued = await insertDeliveries(world.db, [
      { owner: 'owner-gone', channel: 'webhook' },
      { owner: 'owner-gone', channel: 'webhook' },
    ]);
    const [id] = await createDeliveries(world, [{ owner: 'owner-gone', channel: 'webhook' }]);
    const [state] = await waitForStatus(world.db, [id!], ['dead_lettered']);
    expect(state).toMatchObject({
      attempts: 1,
      reason_code: 'endpoint_gone',
      last_status_code: 410,
    });
    expect((await deliveryStates(world.db, queued)).map((s) => s.status)).toEqual([
      'cancelled',
      'cancelled',
    ]);
    const channels = await world.get<{ channels: Record<string, unknown>[] }>(CHANNELS_PATH, gone);
    expect(channels.body.channels[0]).toMatchObject({
      channel: 'webhook',
      enabled: false,
      disabled_reason: 'endpoint_gone',
    });
    // A delivery enqueued to the disabled channel is cancelled unsent.
    const before = world.receiver.receivedAt('/gone').length;
    const [late] = await createDeliveries(world, [{ owner: 'owner-gone', channel: 'webhook' }]);
    await waitForStatus(world.db, [late!], ['cancelled']);
    expect(world.receiver.receivedAt('/gone')).toHaveLength(before);
    expect(await attemptsOf(world.db, late!)).toEqual([]);
  });

  it('a payload the channels cannot render dead-letters as config_invalid, unsent', async () => {
    const ids = await insertDeliveries(world.db, [
      {
        owner: 'owner-a',
        channel: 'webhook',
        payload: { type: 'alert.matched', alert: { id: 'platform:999999' } },
      },
    ]);
    await world.app.get(AlertDeliveryQueue).enqueue(ids);
    const [state] = await waitForStatus(world.db, ids, ['dead_lettered']);
    expect(state).toMatchObject({ attempts: 0, reason_code: 'config_invalid' });
    expect(state!.last_error).toContain('payload');
  });
});

describe('the sweep', () => {
  it('enqueues deliveries committed but never enqueued, or left delivering, once overdue', async () => {
    await putChannel(world, pro, 'webhook', { url: `${world.receiver.url}/swept` });
    const old = new Date('2026-03-31T00:00:00Z');
    const ids = await insertDeliveries(world.db, [
      { owner: 'owner-a', channel: 'webhook', createdAt: old },
      { owner: 'owner-a', channel: 'webhook', createdAt: old },
    ]);
    // The second one's run failed after its claim: delivering, and no job left.
    await world.db.query(`UPDATE alert_deliveries SET status = 'delivering' WHERE id = $1`, [
      ids[1],
    ]);
    const fresh = await insertDeliveries(world.db, [{ owner: 'owner-a', channel: 'webhook' }]);
    expect(await world.app.get(AlertDeliveryWorker).sweep()).toBe(2);
    await waitForStatus(world.db, ids, ['delivered']);
    expect(world.receiver.receivedAt('/swept')).toHaveLength(2);
    expect((await deliveryStates(world.db, fresh))[0]!.status).toBe('pending');
    expect(await world.app.get(AlertDeliveryWorker).sweep()).toBe(0);
  });
});
