import type { INestApplication } from '@nestjs/common';
import { startWebhookReceiver, WebhookReceiver } from '@platform/testing';
import { RETRY_DELAYS_MS } from '@platform/webhooks';
import { Webhook } from 'standardwebhooks';
import { WebhookOutboxRepository } from '../src/pipeline/webhooks/webhook-outbox.repository';
import { webhooksCommand } from '../src/pipeline/webhooks/webhooks.command';
import { GeoHarness, postIngest, startGeo } from './support/geo-harness';
import { tinySeedTemplate } from './support/tiny-seed';
import {
  apiKeyOf,
  attemptsOf,
  deliveriesOf,
  TEST_SCHEDULE_FACTOR,
  trustReceiver,
  waitForDeliveries,
  WEBHOOK_TEST_ENV,
  webhooksClient,
} from './support/webhooks-support';

const WHSEC = `whsec_${Buffer.alloc(32, 3).toString('base64')}`;
const RAW_SECRET = 'correct horse battery staple';

// Delivery end to end: outbox → BullMQ → signed HTTPS POST to a real receiver → attempt rows.
describe('webhook delivery', () => {
  let geo: GeoHarness;
  let receiver: WebhookReceiver;
  let app: INestApplication;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    geo = await startGeo({ ...tinySeedTemplate, env: WEBHOOK_TEST_ENV });
    app = geo.instances[0]!.app;
    trustReceiver(app, receiver);
  });

  afterAll(async () => {
    await geo?.close();
    await receiver?.close();
  });

  /** A webhook of `owner` pointing at `path` of the receiver. */
  async function subscribe(
    owner: string,
    path: string,
    events: string[],
    secret?: string,
  ): Promise<string> {
    const client = webhooksClient(geo.instances[0]!.url, await apiKeyOf(app, owner));
    const created = await client.create({ url: `${receiver.url}${path}`, events, secret });
    expect(created.status).toBe(201);
    return (created.body as { id: string }).id;
  }

  /** One monitor.report event for `owner`'s webhooks, through the outbox. */
  async function report(owner: string, count = 1): Promise<string[]> {
    const payloads = Array.from({ length: count }, (_, i) => ({ portfolio_id: `p-${i}` }));
    return (await app.get(WebhookOutboxRepository).emit('monitor.report', owner, payloads))
      .eventIds;
  }

  const replay = (...args: string[]): Promise<number> => {
    const lines: string[] = [];
    return webhooksCommand.run(
      ['replay', ...args],
      {
        DATABASE_URL: geo.resources.database.url,
        REDIS_URL: geo.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379',
        REDIS_PREFIX: geo.env['REDIS_PREFIX'] ?? 'geo:',
      },
      { out: (line) => lines.push(line), err: (line) => lines.push(line) },
    );
  };

  it('delivers permit.filed from an ingest, signed for both secret forms, and unsigned without one', async () => {
    const signed = await subscribe('ingest-owner', '/permits/whsec', ['permit.filed'], WHSEC);
    const raw = await subscribe('ingest-owner', '/permits/raw', ['permit.filed'], RAW_SECRET);
    await subscribe('ingest-owner', '/permits/plain', ['permit.filed']);
    await subscribe('ingest-owner', '/permits/other', ['score.changed']);
    const permit = {
      permit_number: 'WH-100',
      permit_type: 'new_residential',
      work_class: 'residential',
      value: 250000,
      address: '1 Congress Ave',
      filed_date: '2026-03-30',
      status: 'filed',
      lat: 30.2672,
      lng: -97.7431,
    };
    expect((await postIngest(geo.instances[0]!.url, 'permits', [permit])).status).toBe(200);
    const backfill = { ...permit, permit_number: 'WH-101' };
    await postIngest(geo.instances[0]!.url, 'permits', [backfill], '?backfill=true');
    for (const path of ['/permits/whsec', '/permits/raw', '/permits/plain']) {
      await receiver.waitForRequests(1, { path });
    }

    const [whsec] = receiver.receivedAt('/permits/whsec');
    const headers = whsec!.headers as Record<string, string>;
    const body = new Webhook(WHSEC).verify(whsec!.body, headers) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['created_at', 'data', 'id', 'type']);
    expect(body).toEqual({
      id: expect.stringMatching(/^evt_[0-9A-Z]{26}$/),
      type: 'permit.filed',
      created_at: '2026-03-31T23:59:59.000Z',
      data: {
        permit_id: 'atx-WH-100',
        permit_number: 'WH-100',
        metro_slug: 'atx',
        h3_index: expect.stringMatching(/^88/),
        lat: 30.2672,
        lng: -97.7431,
        permit_type: 'new_residential',
        value: 250000,
        filed_date: '2026-03-30',
        address: '1 Congress Ave',
      },
    });
    expect(headers['webhook-id']).toBe(body['id']);
    expect(headers['content-type']).toBe('application/json');
    expect(headers['user-agent']).toBe('geo-scoring-webhooks/1');

    const [rawRequest] = receiver.receivedAt('/permits/raw');
    expect(() =>
      new Webhook(RAW_SECRET, { format: 'raw' }).verify(
        rawRequest!.body,
        rawRequest!.headers as Record<string, string>,
      ),
    ).not.toThrow();
    expect(rawRequest!.headers['webhook-id']).toBe(body['id']);
    const [plain] = receiver.receivedAt('/permits/plain');
    expect(plain!.headers['webhook-signature']).toBeUndefined();
    expect(JSON.parse(plain!.body)).toEqual(body);

    await waitForDeliveries(geo.db, signed, ['succeeded']);
    await waitForDeliveries(geo.db, raw, ['succeeded']);
    // The backfilled permit emitted nothing; the score.changed subscriber got nothing.
    expect(receiver.receivedAt('/permits/whsec')).toHaveLength(1);
    expect(receiver.receivedAt('/permits/other')).toHaveLength(0);
  });

  it('retries 500, 500, 200 with the same webhook-id, re-signed each time, one row per attempt', async () => {
    const id = await subscribe('retry-owner', '/retry', ['monitor.report'], WHSEC);
    receiver.script('/retry', { status: 500, body: 'down' }, { status: 500 }, { status: 200 });
    const [eventId] = await report('retry-owner');
    const [delivery] = await waitForDeliveries(geo.db, id, ['succeeded']);
    const requests = receiver.receivedAt('/retry');
    expect(requests).toHaveLength(3);
    for (const request of requests) {
      expect(request.headers['webhook-id']).toBe(eventId);
      expect(() =>
        new Webhook(WHSEC).verify(request.body, request.headers as Record<string, string>),
      ).not.toThrow();
    }
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3 });
    expect(await attemptsOf(geo.db, delivery!.id)).toEqual([
      expect.objectContaining({
        attempt_no: 1,
        status_code: 500,
        outcome: 'http_error',
        response_excerpt: 'down',
      }),
      expect.objectContaining({ attempt_no: 2, status_code: 500, outcome: 'http_error' }),
      expect.objectContaining({ attempt_no: 3, status_code: 200, outcome: 'success', error: null }),
    ]);
    const client = webhooksClient(geo.instances[0]!.url, await apiKeyOf(app, 'retry-owner'));
    const [listed] = (await client.list()).body.webhooks;
    expect(listed).toMatchObject({
      id,
      delivery_success_rate: 1,
      last_delivery: '2026-03-31T23:59:59.000Z',
    });
  });

  it("waits a 429's Retry-After as sent, not scaled by the schedule factor", async () => {
    const id = await subscribe('throttled-owner', '/throttled', ['monitor.report']);
    receiver.script('/throttled', { status: 429, headers: { 'retry-after': '1' } });
    await report('throttled-owner');
    const [delivery] = await waitForDeliveries(geo.db, id, ['succeeded']);
    const [first, second] = receiver.receivedAt('/throttled');
    expect(second!.receivedAt - first!.receivedAt).toBeGreaterThanOrEqual(950);
    expect((await attemptsOf(geo.db, delivery!.id)).map((a) => a.status_code)).toEqual([429, 204]);
  });

  it('does not follow a redirect (to a metadata address here): the attempt is recorded and retried', async () => {
    const id = await subscribe('redirect-owner', '/redirect', ['monitor.report']);
    receiver.script('/redirect', {
      status: 302,
      headers: { location: 'https://169.254.169.254/latest/meta-data/' },
    });
    const before = receiver.received.length;
    await report('redirect-owner');
    const [delivery] = await waitForDeliveries(geo.db, id, ['succeeded']);
    const [redirected, retried] = await attemptsOf(geo.db, delivery!.id);
    expect(redirected).toMatchObject({ status_code: 302, outcome: 'http_error' });
    expect(redirected!.error).toContain('redirect not followed');
    expect(retried).toMatchObject({ status_code: 204, outcome: 'success' });
    // Two requests, both to the subscribed URL: the Location was never requested.
    expect(receiver.received.slice(before).map((r) => r.path)).toEqual(['/redirect', '/redirect']);
  });

  it('gives up after 8 attempts on the backoff schedule; the dead letter replays by id', async () => {
    const id = await subscribe('dead-owner', '/dead', ['monitor.report']);
    receiver.script('/dead', ...Array.from({ length: 8 }, () => ({ status: 503 })));
    const [eventId] = await report('dead-owner');
    const [delivery] = await waitForDeliveries(geo.db, id, ['dead']);
    expect(delivery).toMatchObject({ attempts: 8, dead_reason: 'retries_exhausted' });
    const attempts = await attemptsOf(geo.db, delivery!.id);
    expect(attempts.map((a) => a.attempt_no)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // Each wait is at least the scaled schedule less its 10 % jitter.
    const times = receiver.receivedAt('/dead').map((r) => r.receivedAt);
    for (let i = 1; i < times.length; i += 1) {
      const scheduled = RETRY_DELAYS_MS[i - 1]! * TEST_SCHEDULE_FACTOR * 0.9;
      expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(Math.floor(scheduled));
    }
    const [letter] = (await geo.db.query(
      'SELECT * FROM webhook_dead_letters WHERE delivery_id = $1',
      [delivery!.id],
    )) as Record<string, unknown>[];
    expect(letter).toMatchObject({
      webhook_id: id,
      owner_id: 'dead-owner',
      event_type: 'monitor.report',
      dead_reason: 'retries_exhausted',
      last_status_code: 503,
    });
    const [webhook] = (await geo.db.query('SELECT consecutive_dead FROM webhooks WHERE id = $1', [
      id,
    ])) as { consecutive_dead: number }[];
    expect(webhook!.consecutive_dead).toBe(1);

    expect(await replay('--delivery', delivery!.id)).toBe(0);
    const [replayed] = await waitForDeliveries(geo.db, id, ['succeeded']);
    expect(replayed).toMatchObject({ attempts: 9 });
    const requests = receiver.receivedAt('/dead');
    expect(requests).toHaveLength(9);
    expect(new Set(requests.map((r) => r.headers['webhook-id']))).toEqual(new Set([eventId]));
    expect((await attemptsOf(geo.db, delivery!.id)).at(-1)).toMatchObject({
      attempt_no: 9,
      status_code: 204,
    });
    expect(await replay('--delivery', delivery!.id)).toBe(1);
    expect(await replay('--delivery', 'dlv_missing')).toBe(1);
  });

  it('a 4xx other than 408 and 429 is dead at once; ten dead in a row disable the webhook', async () => {
    const id = await subscribe('failing-owner', '/failing', ['monitor.report']);
    receiver.script('/failing', ...Array.from({ length: 10 }, () => ({ status: 400 })));
    await report('failing-owner', 10);
    const deliveries = await waitForDeliveries(geo.db, id, ['dead']);
    expect(deliveries).toHaveLength(10);
    expect(deliveries.every((d) => d.attempts === 1 && d.dead_reason === 'http_4xx')).toBe(true);
    const [webhook] = (await geo.db.query(
      'SELECT active, disabled_reason, consecutive_dead FROM webhooks WHERE id = $1',
      [id],
    )) as Record<string, unknown>[];
    expect(webhook).toEqual({ active: false, disabled_reason: 'failing', consecutive_dead: 10 });
  });

  it('410 disables the endpoint and cancels its queued deliveries; re-enabled, a replay delivers them', async () => {
    const owner = 'gone-owner';
    const id = await subscribe(owner, '/gone', ['monitor.report']);
    receiver.script('/gone', { status: 503, headers: { 'retry-after': '60' } });
    await report(owner);
    await waitForDeliveries(geo.db, id, ['retrying']);
    receiver.script('/gone', { status: 410 });
    await report(owner);
    await receiver.waitForRequests(2, { path: '/gone' });
    const deliveries = await waitForDeliveries(geo.db, id, ['dead', 'canceled']);
    expect(deliveries.map((d) => [d.status, d.dead_reason])).toEqual([
      ['canceled', null],
      ['dead', 'endpoint_gone'],
    ]);
    const client = webhooksClient(geo.instances[0]!.url, await apiKeyOf(app, owner));
    expect((await client.list()).body.webhooks[0]).toMatchObject({
      active: false,
      disabled_reason: 'gone',
    });
    // Inactive: a new event is not even written for it.
    await report(owner);
    expect(await deliveriesOf(geo.db, id)).toHaveLength(2);

    expect(await replay('--delivery', deliveries[0]!.id)).toBe(1); // still disabled
    expect((await client.update(`?id=${id}`, { active: true })).body).toMatchObject({
      active: true,
      disabled_reason: null,
    });
    expect(await replay('--since', '2026-03-31T23:59:00Z', '--until', '2026-04-01')).toBe(0);
    await waitForDeliveries(geo.db, id, ['succeeded']);
    expect(receiver.receivedAt('/gone')).toHaveLength(4);
  });
});
