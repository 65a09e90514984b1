// GET /alerts/deliveries, GET /alerts/deliveries/{id}, POST /alerts/deliveries/replay and the
// `maritime dead-letters replay` CLI, each scoped to the key's owner, over deliveries the real
// worker sent to a local receiver.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { QueueRegistry } from '@platform/queues';
import { JOB_QUEUES } from '../src/jobs/job-queues';
import { expectError } from './support/alert-channels-support';
import {
  createDeliveries,
  DELIVERIES_PATH,
  deliveriesWorldForFile,
  deliveryStates,
  putChannel,
  waitForStatus,
} from './support/alert-deliveries-support';

const world = deliveriesWorldForFile();
let keyA: string;
let freeA: string;
let keyB: string;

interface DeliveryRecord {
  id: string;
  status: string;
  kind: string;
  channel: string;
  attempts: number;
  reason_code: string | null;
  replay_of: string | null;
  next_attempt_at: string | null;
  created_at: string;
}
interface ListReply {
  deliveries: DeliveryRecord[];
  count: number;
  dead_letters_count: number;
  pagination: { limit: number; has_more: boolean; next_cursor: string | null };
}
interface ReplayReply {
  replayed: { delivery_id: string; replay_delivery_id: string }[];
  skipped: { delivery_id: string; reason: string }[];
  count: number;
  remaining?: number;
}

const dlq = () => world.app.get(QueueRegistry).queue(JOB_QUEUES.alertDeliveriesDlq);

/** `n` deliveries of `owner` that the receiver refuses with 422: dead-lettered after 1 attempt. */
async function deadLetters(owner: string, n: number): Promise<string[]> {
  world.receiver.script(`/${owner}`, ...Array.from({ length: n }, () => ({ status: 422 })));
  const ids = await createDeliveries(
    world,
    Array.from({ length: n }, () => ({ owner, channel: 'webhook' })),
  );
  await waitForStatus(world.db, ids, ['dead_lettered']);
  return ids;
}

/** Runs `npm run tools -- maritime …` as a child process against this file's database and Redis. */
function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const root = path.resolve(__dirname, '../../..');
  const env = world.harness.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['tools/cli.mjs', 'maritime', ...args],
      {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: env['DATABASE_URL'],
          REDIS_URL: env['REDIS_URL'],
          REDIS_PREFIX: env['REDIS_PREFIX'],
        },
        timeout: 60_000,
      },
      (error, stdout, stderr) =>
        resolve({ code: error === null ? 0 : Number(error.code ?? 1), stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  keyA = await world.mintKey('pro', 'owner-a');
  freeA = await world.mintKey('free', 'owner-a');
  keyB = await world.mintKey('pro', 'owner-b');
  await putChannel(world, keyA, 'webhook', { url: `${world.receiver.url}/owner-a` });
  await putChannel(world, keyB, 'webhook', { url: `${world.receiver.url}/owner-b` });
});

describe('GET /alerts/deliveries', () => {
  it("lists the owner's deliveries newest first, with filters and the open dead-letter count", async () => {
    const dead = await deadLetters('owner-a', 2);
    const delivered = await createDeliveries(world, [{ owner: 'owner-a', channel: 'webhook' }]);
    await waitForStatus(world.db, delivered, ['delivered']);
    await deadLetters('owner-b', 1);

    const all = await world.get<ListReply>(DELIVERIES_PATH, freeA);
    expect(all.status).toBe(200);
    expect(all.body.deliveries.map((d) => d.id).sort()).toEqual([...dead, ...delivered].sort());
    expect(all.body).toMatchObject({ count: 3, dead_letters_count: 2 });
    expect(all.body.pagination).toEqual({ limit: 50, has_more: false, next_cursor: null });
    const times = all.body.deliveries.map((d) => d.created_at);
    expect([...times].sort().reverse()).toEqual(times);

    const deadOnly = await world.get<ListReply>(`${DELIVERIES_PATH}?dead_lettered=true`, keyA);
    expect(deadOnly.body.deliveries.map((d) => d.id).sort()).toEqual([...dead].sort());
    expect(deadOnly.body.deliveries[0]).toMatchObject({ reason_code: 'http_4xx', attempts: 1 });
    const byStatus = await world.get<ListReply>(
      `${DELIVERIES_PATH}?status=delivered&channel=webhook&kind=alert`,
      keyA,
    );
    expect(byStatus.body.deliveries.map((d) => d.id)).toEqual(delivered);
    const none = await world.get<ListReply>(`${DELIVERIES_PATH}?channel=slack`, keyA);
    expect(none.body.count).toBe(0);
    const future = await world.get<ListReply>(`${DELIVERIES_PATH}?since=2100-01-01`, keyA);
    expect(future.body.count).toBe(0);
    const past = await world.get<ListReply>(`${DELIVERIES_PATH}?until=2000-01-01`, keyA);
    expect(past.body.count).toBe(0);
  });

  it('pages with an opaque cursor, clamps limit at 200 and refuses bad input', async () => {
    const first = await world.get<ListReply>(`${DELIVERIES_PATH}?limit=2`, keyA);
    expect(first.body.count).toBe(2);
    expect(first.body.pagination.has_more).toBe(true);
    const second = await world.get<ListReply>(
      `${DELIVERIES_PATH}?limit=2&cursor=${first.body.pagination.next_cursor}`,
      keyA,
    );
    const seen = [...first.body.deliveries, ...second.body.deliveries].map((d) => d.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(
      (await world.get<ListReply>(`${DELIVERIES_PATH}?limit=5000`, keyA)).body.pagination.limit,
    ).toBe(200);
    expectError(await world.get(`${DELIVERIES_PATH}?limit=0`, keyA), 400, 'invalid_request');
    expectError(await world.get(`${DELIVERIES_PATH}?status=lost`, keyA), 400, 'invalid_request');
    expectError(
      await world.get(`${DELIVERIES_PATH}?since=yesterday`, keyA),
      400,
      'invalid_request',
    );
    expectError(await world.get(`${DELIVERIES_PATH}?cursor=abc.def`, keyA), 400, 'invalid_cursor');
    expectError(await world.get(DELIVERIES_PATH), 401, 'api_key_required');
  });
});

describe('GET /alerts/deliveries/{id}', () => {
  it('shows every attempt with status, latency, excerpt, and the next retry', async () => {
    world.receiver.script(
      '/owner-a',
      { status: 500, body: 'upstream broke' },
      { status: 429, headers: { 'retry-after': '3600' }, body: 'slow down' },
    );
    const [id] = await createDeliveries(world, [{ owner: 'owner-a', channel: 'webhook' }]);
    await waitFor2Attempts(id!);
    const reply = await world.get<{ delivery: Record<string, unknown> }>(
      `${DELIVERIES_PATH}/${id}`,
      keyA,
    );
    expect(reply.status).toBe(200);
    const delivery = reply.body.delivery;
    expect(delivery).toMatchObject({
      id,
      status: 'retrying',
      attempts: 2,
      max_attempts: 8,
      last_status_code: 429,
      kind: 'alert',
      dead_letter: null,
    });
    expect(delivery['next_attempt_at']).toEqual(expect.any(String));
    const log = delivery['attempts_log'] as Record<string, unknown>[];
    expect(
      log.map((a) => [a['attempt'], a['status_code'], a['outcome'], a['response_excerpt']]),
    ).toEqual([
      [1, 500, 'http_error', 'upstream broke'],
      [2, 429, 'http_error', 'slow down'],
    ]);
    expect(log[0]!['latency_ms']).toEqual(expect.any(Number));
    // Left retrying for an hour: cancel it so later tests see a quiet queue.
    await world.db.query(`UPDATE alert_deliveries SET status = 'cancelled' WHERE id = $1`, [id]);
  });

  it("answers 404 delivery_not_found for another owner's delivery and for unknown ids", async () => {
    const [theirs] = (await world.db.query(
      `SELECT id::text AS id FROM alert_deliveries WHERE owner_id = 'owner-b' LIMIT 1`,
    )) as { id: string }[];
    expectError(
      await world.get(`${DELIVERIES_PATH}/${theirs!.id}`, keyA),
      404,
      'delivery_not_found',
    );
    expect((await world.get(`${DELIVERIES_PATH}/${theirs!.id}`, keyB)).status).toBe(200);
    expectError(
      await world.get(`${DELIVERIES_PATH}/00000000-0000-4000-8000-000000000000`, keyA),
      404,
      'delivery_not_found',
    );
    expectError(await world.get(`${DELIVERIES_PATH}/not-a-uuid`, keyA), 404, 'delivery_not_found');
    const list = await world.get<ListReply>(DELIVERIES_PATH, keyA);
    expect(list.body.deliveries.map((d) => d.id)).not.toContain(theirs!.id);
  });
});

describe('POST /alerts/deliveries/replay', () => {
  it('replays by id: a new replay delivery, the dead letter marked, the DLQ mirror cleared', async () => {
    const [dead] = await deadLetters('owner-a', 1);
    expect(await dlq().getJob(dead!)).toBeDefined();
    const reply = await world.send<ReplayReply>(
      'POST',
      `${DELIVERIES_PATH}/replay`,
      { delivery_ids: [dead] },
      keyA,
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ count: 1, skipped: [] });
    const replayId = reply.body.replayed[0]!.replay_delivery_id;
    expect(reply.body.replayed[0]!.delivery_id).toBe(dead);
    await waitForStatus(world.db, [replayId], ['delivered']);
    const replay = await world.get<{ delivery: DeliveryRecord & { dead_letter: unknown } }>(
      `${DELIVERIES_PATH}/${replayId}`,
      keyA,
    );
    expect(replay.body.delivery).toMatchObject({ kind: 'replay', replay_of: dead, attempts: 1 });
    // The replay is its own delivery: its own webhook-id and body id.
    const request = world.receiver.receivedAt('/owner-a').at(-1)!;
    expect(request.headers['webhook-id']).toBe(replayId);
    expect((JSON.parse(request.body) as { id: string }).id).toBe(replayId);
    const original = await world.get<{ delivery: { dead_letter: Record<string, unknown> } }>(
      `${DELIVERIES_PATH}/${dead}`,
      keyA,
    );
    expect(original.body.delivery.dead_letter).toMatchObject({
      reason_code: 'http_4xx',
      replayed_at: expect.any(String),
      replay_delivery_id: replayId,
    });
    expect(await dlq().getJob(dead!)).toBeUndefined();

    const again = await world.send<ReplayReply>(
      'POST',
      `${DELIVERIES_PATH}/replay`,
      { delivery_ids: [dead, replayId] },
      keyA,
    );
    expect(again.body).toMatchObject({
      count: 0,
      skipped: [
        { delivery_id: dead, reason: 'already_replayed' },
        { delivery_id: replayId, reason: 'not_dead_lettered' },
      ],
    });
  });

  it("never replays another owner's dead letter: it is not_found", async () => {
    const [theirs] = await deadLetters('owner-b', 1);
    const reply = await world.send<ReplayReply>(
      'POST',
      `${DELIVERIES_PATH}/replay`,
      { delivery_ids: [theirs] },
      keyA,
    );
    expect(reply.body).toEqual({
      replayed: [],
      skipped: [{ delivery_id: theirs, reason: 'not_found' }],
      count: 0,
    });
    const [letter] = (await world.db.query(
      'SELECT replayed_at FROM dead_letters WHERE delivery_id = $1',
      [theirs],
    )) as { replayed_at: Date | null }[];
    expect(letter!.replayed_at).toBeNull();
  });

  it('replays a dead-letter time range of the owner only, and skips disabled channels', async () => {
    const mine = await deadLetters('owner-a', 2);
    const theirs = await deadLetters('owner-b', 1);
    await world.db.query(
      `UPDATE dead_letters SET dead_lettered_at = '2026-02-01T10:00:00Z' WHERE delivery_id = ANY ($1::uuid[])`,
      [[...mine, ...theirs]],
    );
    const range = { from: '2026-02-01T00:00:00Z', to: '2026-02-02T00:00:00Z' };
    const reply = await world.send<ReplayReply>('POST', `${DELIVERIES_PATH}/replay`, range, keyA);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ count: 2, remaining: 0 });
    expect(reply.body.replayed.map((r) => r.delivery_id).sort()).toEqual([...mine].sort());
    await waitForStatus(
      world.db,
      reply.body.replayed.map((r) => r.replay_delivery_id),
      ['delivered'],
    );

    // owner-b disables its channel: its dead letter is left for later.
    await putChannel(world, keyB, 'webhook', { url: `${world.receiver.url}/owner-b` }, false);
    const theirsReply = await world.send<ReplayReply>(
      'POST',
      `${DELIVERIES_PATH}/replay`,
      range,
      keyB,
    );
    expect(theirsReply.body).toMatchObject({ count: 0, skipped_channel_disabled: 1 });
    const byId = await world.send<ReplayReply>(
      'POST',
      `${DELIVERIES_PATH}/replay`,
      { delivery_ids: theirs },
      keyB,
    );
    expect(byId.body.skipped).toEqual([{ delivery_id: theirs[0], reason: 'channel_disabled' }]);
    await putChannel(world, keyB, 'webhook', { url: `${world.receiver.url}/owner-b` }, true);
  });

  it('refuses a body that is not exactly 1..100 ids or a from < to range', async () => {
    const replay = (body: unknown) => world.send('POST', `${DELIVERIES_PATH}/replay`, body, keyA);
    const ids = (n: number) =>
      Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expectError(await replay({ delivery_ids: ids(101) }), 400, 'invalid_request');
    expect((await replay({ delivery_ids: ids(100) })).status).toBe(200);
    expectError(await replay({ delivery_ids: [] }), 400, 'invalid_request');
    expectError(await replay({ delivery_ids: ['nope'] }), 400, 'invalid_request');
    expectError(await replay({}), 400, 'invalid_request');
    expectError(
      await replay({ delivery_ids: ids(1), from: '2026-01-01', to: '2026-01-02' }),
      400,
      'invalid_request',
    );
    expectError(await replay({ from: '2026-01-02', to: '2026-01-01' }), 400, 'invalid_request');
    expectError(await replay({ from: '2026-01-02' }), 400, 'invalid_request');
    expectError(await replay({ delivery_ids: ids(1), extra: 1 }), 400, 'invalid_request');
  });
});

describe('maritime dead-letters replay (CLI)', () => {
  it('replays one dead letter by --id, of any owner, and the worker delivers it', async () => {
    const [dead] = await deadLetters('owner-b', 1);
    const run = await cli(['dead-letters', 'replay', '--id', dead!]);
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.stdout) as {
      delivery_id: string;
      replay_delivery_id: string;
      enqueued: boolean;
    };
    expect(printed).toMatchObject({ delivery_id: dead, enqueued: true });
    await waitForStatus(world.db, [printed.replay_delivery_id], ['delivered']);
    const again = await cli(['dead-letters', 'replay', '--id', dead!]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('replayed already');
  }, 60_000);

  it('replays a --from/--to range, and refuses bad arguments', async () => {
    const dead = await deadLetters('owner-a', 3);
    await world.db.query(
      `UPDATE dead_letters SET dead_lettered_at = '2026-01-10T10:00:00Z' WHERE delivery_id = ANY ($1::uuid[])`,
      [dead],
    );
    const run = await cli([
      'dead-letters',
      'replay',
      '--from',
      '2026-01-10',
      '--to',
      '2026-01-11T00:00:00Z',
    ]);
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.stdout) as { replayed: number; replay_delivery_ids: string[] };
    expect(printed.replayed).toBe(3);
    const states = await waitForStatus(world.db, printed.replay_delivery_ids, ['delivered']);
    expect(states).toHaveLength(3);
    const usage = await cli(['dead-letters', 'replay', '--from', '2026-01-10']);
    expect(usage.code).toBe(2);
    expect((await deliveryStates(world.db, dead)).every((s) => s.status === 'dead_lettered')).toBe(
      true,
    );
  }, 60_000);
});

async function waitFor2Attempts(id: string): Promise<void> {
  await waitForStatus(world.db, [id], ['retrying', 'delivering', 'pending']);
  for (let i = 0; i < 200; i += 1) {
    const [row] = await deliveryStates(world.db, [id]);
    if (row!.attempts >= 2 && row!.status === 'retrying') return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the delivery never reached its second attempt');
}
