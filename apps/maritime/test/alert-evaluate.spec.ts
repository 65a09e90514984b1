// The alert-evaluate job on real PostgreSQL and Redis: new alerts against every owner's rules and
// watchlist, rule matches and dedupe windows, one delivery per (owner, alert, channel), the
// adjudication suppression, the dark_fleet plan gate, two replicas, idempotent runs, and the
// jobs that write alerts asking for a run.
import { FixedClock } from '@platform/clock';
import { JobDispatcher, QueueRegistry } from '@platform/queues';
import type { DataSource } from 'typeorm';
import { JOB_QUEUES } from '../src/jobs/job-queues';
import { AlertEvaluateService } from '../src/pipeline/alert-evaluate/alert-evaluate.service';
import { insertReference, insertVessels, testImo } from './support/fixtures';
import { maritimeForFile } from './support/maritime-harness';

const maritime = maritimeForFile({ replicas: 2 });
const db = (): DataSource => maritime.harness.db;
const now = (): Date => (maritime.harness.clock as FixedClock).now();
const dispatcher = (replica = 0): JobDispatcher =>
  maritime.harness.instances[replica]!.app.get(JobDispatcher);
const queues = (): QueueRegistry => maritime.harness.instances[0]!.app.get(QueueRegistry);

interface Delivery {
  id: string;
  owner_id: string;
  channel: string;
  kind: string;
  alert_uid: string;
  rule_id: string | null;
  rule_version: number | null;
  status: string;
  payload: Record<string, unknown>;
}
interface Match {
  rule_id: string;
  rule_version: number;
  alert_uid: string;
  suppressed: boolean;
  dedupe_key: string;
}

let ports: Record<string, string>;
const VESSEL = (n: number) => ({
  imo: testImo(n),
  mmsi: `3510001${String(n).padStart(2, '0')}`,
  name: `VESSEL ${n}`,
  vessel_type: 'tanker',
});

beforeAll(async () => {
  ({ ports } = await insertReference(db()));
  await insertVessels(
    db(),
    Array.from({ length: 15 }, (_, i) => VESSEL(i + 1)),
  );
});

async function evaluate(replica = 0): Promise<Record<string, number>> {
  const outcome = await dispatcher(replica).runNow<Record<string, number>>(
    JOB_QUEUES.alertEvaluate,
  );
  if (!outcome.acquired) throw new Error('alert-evaluate is not exclusive; it always runs');
  return outcome.result;
}

async function one(sql: string, params: unknown[]): Promise<string> {
  const rows = (await db().query(`${sql} RETURNING id::text AS id`, params)) as { id: string }[];
  return rows[0]!.id;
}

async function darkEvent(imo: string, severity = 'warning'): Promise<string> {
  const at = now();
  const id = await one(
    // Closed gaps: a vessel has at most one ongoing dark event.
    `INSERT INTO dark_events (imo, started_at, ended_at, start_lat, start_lon, severity, confidence,
       occurred_at)
     VALUES ($1, $2, $3, 12, 61, $4, 0.9, $3)`,
    [imo, new Date(at.getTime() - 30 * 3_600_000), at, severity],
  );
  return `dark_event:${id}`;
}

async function portEntry(imo: string): Promise<string> {
  const id = await one(
    `INSERT INTO locus_alerts (imo, kind, port_id, started_at, severity, confidence, occurred_at)
     VALUES ($1, 'port_entry', $2, $3, 'info', 1, $3)`,
    [imo, ports['rotterdam'], now()],
  );
  return `locus_alert:${id}`;
}

async function darkFleet(imo: string): Promise<string> {
  const id = await one(
    `INSERT INTO platform_alerts (type, product, imo, title, dedupe_key, severity, confidence, occurred_at)
     VALUES ('dark_fleet', 'maritime', $1, 'Dark fleet candidate', $2, 'critical', 0.8, $3)`,
    [imo, `dark_fleet:${imo}:test`, now()],
  );
  return `platform:${id}`;
}

/** Channels straight into the table: evaluation only reads which are enabled. */
async function channels(owner: string, enabled: string[], disabled: string[] = []): Promise<void> {
  for (const [list, on] of [
    [enabled, true],
    [disabled, false],
  ] as const)
    for (const channel of list)
      await db().query(
        `INSERT INTO alert_channels (owner_id, channel, enabled, config_enc, config_key_id)
         VALUES ($1, $2, $3, '\\x00', 'test')`,
        [owner, channel, on],
      );
}

const cond = (field: string, op: string, value: unknown) => ({
  kind: 'condition',
  field,
  op,
  value,
});

async function rule(
  key: string,
  expression: unknown,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; version: number }> {
  const reply = await maritime.send<{ rule: { id: number | string; version: number } }>(
    'POST',
    '/api/v1/alerts/rules',
    { name: 'evaluation test', expression, ...extra },
    key,
  );
  expect(reply.status).toBe(201);
  return { id: String(reply.body.rule.id), version: reply.body.rule.version };
}

async function watch(key: string, imo: string, notifyOn: string[]): Promise<void> {
  const reply = await maritime.send(
    'POST',
    '/api/v1/watchlist',
    { imo_number: imo, notify_on: notifyOn },
    key,
  );
  expect([200, 201]).toContain(reply.status);
}

async function deliveriesOf(uid: string): Promise<Delivery[]> {
  return (await db().query(
    `SELECT id::text AS id, owner_id, channel, kind, alert_uid, rule_id::text AS rule_id,
       rule_version, status, payload
     FROM alert_deliveries WHERE alert_uid = $1 ORDER BY owner_id, channel`,
    [uid],
  )) as Delivery[];
}

async function matchesOf(uid: string): Promise<Match[]> {
  return (await db().query(
    `SELECT rule_id::text AS rule_id, rule_version, alert_uid, suppressed, dedupe_key
     FROM rule_matches WHERE alert_uid = $1 ORDER BY id`,
    [uid],
  )) as Match[];
}

describe('rule matches', () => {
  it('make one pending delivery per enabled channel, queued by delivery id', async () => {
    const imo = testImo(1);
    const key = await maritime.mintKey('pro', { owner: 'eval-rule' });
    await channels('eval-rule', ['email', 'slack', 'webhook'], ['teams']);
    const r = await rule(key, cond('imo_number', 'eq', imo), { severity_override: 'critical' });
    const uid = await darkEvent(imo, 'warning');

    const result = await evaluate();
    expect(result).toMatchObject({ evaluated: 1, matches: 1, suppressed: 0, deliveries: 3 });

    expect(await matchesOf(uid)).toEqual([
      {
        rule_id: r.id,
        rule_version: 1,
        alert_uid: uid,
        suppressed: false,
        dedupe_key: `${r.id}:dark_event:${imo}`,
      },
    ]);
    const deliveries = await deliveriesOf(uid);
    expect(deliveries.map((d) => d.channel)).toEqual(['email', 'slack', 'webhook']);
    for (const d of deliveries) {
      expect(d).toMatchObject({
        owner_id: 'eval-rule',
        kind: 'alert',
        rule_id: r.id,
        rule_version: 1,
        status: 'pending',
      });
      expect(d.payload).toMatchObject({
        id: d.id,
        type: 'alert.matched',
        created_at: now().toISOString(),
        rule: { id: Number(r.id), name: 'evaluation test', version: 1 },
        vessel: { imo_number: imo, name: 'VESSEL 1', vessel_type: 'tanker' },
      });
      // The rule's severity_override replaces the alert's own warning.
      expect(d.payload['alert']).toMatchObject({
        id: uid,
        source: 'dark_event',
        event_type: 'dark_event',
        severity: 'critical',
        metadata: { imo_number: imo, vessel_name: 'VESSEL 1' },
      });
      const job = await queues().queue(JOB_QUEUES.alertDeliveries).getJob(d.id);
      expect(job?.id).toBe(d.id);
    }
  });

  it('a match inside the dedupe window is recorded suppressed and makes no delivery', async () => {
    const [imoA, imoB] = [testImo(2), testImo(3)];
    const key = await maritime.mintKey('pro', { owner: 'eval-dedupe' });
    await channels('eval-dedupe', ['email', 'teams']);
    const r = await rule(key, cond('imo_number', 'in', [imoA, imoB]), {
      dedupe_window_minutes: 30,
    });
    const first = await darkEvent(imoA);
    await evaluate();
    const repeat = await darkEvent(imoA);
    const otherVessel = await darkEvent(imoB);
    const result = await evaluate();
    expect(result).toMatchObject({ evaluated: 2, matches: 2, suppressed: 1, deliveries: 2 });

    expect((await deliveriesOf(first)).map((d) => d.channel)).toEqual(['email', 'teams']);
    expect(await matchesOf(repeat)).toEqual([
      {
        rule_id: r.id,
        rule_version: 1,
        alert_uid: repeat,
        suppressed: true,
        dedupe_key: `${r.id}:dark_event:${imoA}`,
      },
    ]);
    expect(await deliveriesOf(repeat)).toEqual([]);
    // The key is per entity: another vessel's dark event opens its own window.
    expect((await matchesOf(otherVessel))[0]?.suppressed).toBe(false);
    expect((await deliveriesOf(otherVessel)).map((d) => d.channel)).toEqual(['email', 'teams']);
    const ttl = await maritime.harness.instances[0]!.app.get(QueueRegistry).connection.pttl(
      `${maritime.harness.env['REDIS_PREFIX']}dedupe:${r.id}:dark_event:${imoA}`,
    );
    expect(ttl).toBeGreaterThan(25 * 60_000);
    expect(ttl).toBeLessThanOrEqual(30 * 60_000);
  });

  it('an inactive or deleted rule matches nothing', async () => {
    const imo = testImo(4);
    const key = await maritime.mintKey('pro', { owner: 'eval-inactive' });
    await channels('eval-inactive', ['email']);
    await rule(key, cond('imo_number', 'eq', imo), { active: false });
    const deleted = await rule(key, cond('imo_number', 'eq', imo));
    expect(
      (await maritime.send('DELETE', `/api/v1/alerts/rules?id=${deleted.id}`, undefined, key))
        .status,
    ).toBe(200);
    const uid = await darkEvent(imo);
    expect(await evaluate()).toMatchObject({ evaluated: 1, matches: 0, deliveries: 0 });
    expect(await matchesOf(uid)).toEqual([]);
    expect(await deliveriesOf(uid)).toEqual([]);
  });
});

describe('watchlists', () => {
  it('notify_on makes watchlist deliveries; a type not in notify_on makes none', async () => {
    const imo = testImo(5);
    const key = await maritime.mintKey('starter', { owner: 'eval-watch' });
    await channels('eval-watch', ['email', 'slack']);
    await watch(key, imo, ['port_entry']);
    const entry = await portEntry(imo);
    const dark = await darkEvent(imo);
    expect(await evaluate()).toMatchObject({ evaluated: 2, matches: 0, deliveries: 2 });

    const deliveries = await deliveriesOf(entry);
    expect(deliveries.map((d) => [d.channel, d.kind, d.rule_id])).toEqual([
      ['email', 'watchlist', null],
      ['slack', 'watchlist', null],
    ]);
    expect(deliveries[0]!.payload).toMatchObject({
      type: 'alert.watchlist',
      rule: null,
      alert: { id: entry, event_type: 'port_entry', severity: 'info' },
    });
    expect(await deliveriesOf(dark)).toEqual([]);
    // The watchlist window (60 min, per owner, type and vessel) holds back the next port entry.
    const again = await portEntry(imo);
    expect(await evaluate()).toMatchObject({ evaluated: 1, deliveries: 0 });
    expect(await deliveriesOf(again)).toEqual([]);
  });

  it('a rule and a watchlist on the same alert make one delivery per channel', async () => {
    const imo = testImo(6);
    const key = await maritime.mintKey('pro', { owner: 'eval-both' });
    await channels('eval-both', ['email', 'teams', 'webhook']);
    const r = await rule(key, cond('event_type', 'eq', 'dark_event'), {});
    // Only this owner's alerts should reach this rule: narrow it to the vessel.
    await maritime.send(
      'PATCH',
      '/api/v1/alerts/rules',
      {
        id: Number(r.id),
        expression: {
          kind: 'group',
          operator: 'and',
          conditions: [cond('event_type', 'eq', 'dark_event'), cond('imo_number', 'eq', imo)],
        },
      },
      key,
    );
    await watch(key, imo, ['dark_event']);
    const uid = await darkEvent(imo);
    expect(await evaluate()).toMatchObject({ matches: 1, deliveries: 3 });
    const deliveries = await deliveriesOf(uid);
    expect(deliveries.map((d) => [d.channel, d.kind, d.rule_id, d.rule_version])).toEqual([
      ['email', 'alert', r.id, 2],
      ['teams', 'alert', r.id, 2],
      ['webhook', 'alert', r.id, 2],
    ]);
  });
});

describe('isolation, suppression and plans', () => {
  it("owner B's rules deliver only to B's channels", async () => {
    const imo = testImo(7);
    await maritime.mintKey('pro', { owner: 'eval-iso-a' });
    const b = await maritime.mintKey('pro', { owner: 'eval-iso-b' });
    await channels('eval-iso-a', ['email', 'slack', 'teams', 'webhook']);
    await channels('eval-iso-b', ['webhook']);
    await rule(b, cond('imo_number', 'eq', imo));
    const uid = await darkEvent(imo);
    await evaluate();
    expect((await deliveriesOf(uid)).map((d) => [d.owner_id, d.channel])).toEqual([
      ['eval-iso-b', 'webhook'],
    ]);
  });

  it("an adjudication's suppression stops that owner's deliveries of the signal type for the vessel", async () => {
    const imo = testImo(8);
    const a = await maritime.mintKey('pro', { owner: 'eval-adj-a', analyst: true });
    const b = await maritime.mintKey('pro', { owner: 'eval-adj-b' });
    await channels('eval-adj-a', ['email']);
    await channels('eval-adj-b', ['email']);
    const ruleA = await rule(a, cond('imo_number', 'eq', imo));
    const ruleB = await rule(b, cond('imo_number', 'eq', imo));
    await watch(a, imo, ['dark_event', 'port_entry']);
    await db().query(
      `INSERT INTO signal_adjudications (owner_id, signal_type, signal_id, imo, status,
         suppression_hours, suppression_until)
       VALUES ('eval-adj-a', 'dark_event', '1', $1, 'false_positive', 24, $2)`,
      [imo, new Date(now().getTime() + 24 * 3_600_000)],
    );
    const held = await darkEvent(imo);
    await evaluate();
    // Owner A: recorded as suppressed, nothing delivered; owner B is not affected.
    expect((await deliveriesOf(held)).map((d) => d.owner_id)).toEqual(['eval-adj-b']);
    const matches = await matchesOf(held);
    expect(matches.find((m) => m.rule_id === ruleA.id)).toMatchObject({ suppressed: true });
    expect(matches.find((m) => m.rule_id === ruleB.id)).toMatchObject({ suppressed: false });
    // Another signal type of the same vessel still reaches owner A.
    const otherType = await portEntry(imo);
    await evaluate();
    expect((await deliveriesOf(otherType)).map((d) => d.owner_id)).toEqual([
      'eval-adj-a',
      'eval-adj-b',
    ]);

    // Once the suppression has expired, A is told of the next dark event: its window was never
    // opened by the held-back one, while B's window (opened by the first) holds B back.
    await db().query(
      `UPDATE signal_adjudications SET suppression_until = $1 WHERE owner_id = 'eval-adj-a'`,
      [new Date(now().getTime() - 60_000)],
    );
    const afterExpiry = await darkEvent(imo);
    await evaluate();
    expect((await deliveriesOf(afterExpiry)).map((d) => [d.owner_id, d.kind])).toEqual([
      ['eval-adj-a', 'alert'],
    ]);
  });

  it('dark_fleet alerts reach only owners whose best active plan includes them', async () => {
    const imo = testImo(10);
    const pro = await maritime.mintKey('pro', { owner: 'eval-df-pro' });
    const scr = await maritime.mintKey('supply_chain_risk', { owner: 'eval-df-scr' });
    // A free key beside an admin key: the owner's best plan counts.
    const mixed = await maritime.mintKey('free', { owner: 'eval-df-mixed' });
    await maritime.mintKey('admin', { owner: 'eval-df-mixed' });
    for (const [key, owner] of [
      [pro, 'eval-df-pro'],
      [scr, 'eval-df-scr'],
      [mixed, 'eval-df-mixed'],
    ] as const) {
      await channels(owner, ['email']);
      await rule(key, cond('imo_number', 'eq', imo));
    }
    await watch(pro, imo, ['dark_fleet']);
    const uid = await darkFleet(imo);
    await evaluate();
    expect((await deliveriesOf(uid)).map((d) => d.owner_id)).toEqual([
      'eval-df-mixed',
      'eval-df-scr',
    ]);
    // The gated owner's rule does not see the alert at all: no match, no window taken.
    const owners = (await db().query(
      `SELECT DISTINCT r.owner_id FROM rule_matches m JOIN alert_rules r ON r.id = m.rule_id
       WHERE m.alert_uid = $1 ORDER BY 1`,
      [uid],
    )) as { owner_id: string }[];
    expect(owners.map((o) => o.owner_id)).toEqual(['eval-df-mixed', 'eval-df-scr']);
  });
});

describe('runs', () => {
  it('is idempotent: a second run adds nothing', async () => {
    const imo = testImo(11);
    const key = await maritime.mintKey('pro', { owner: 'eval-idem' });
    await channels('eval-idem', ['email', 'slack']);
    await rule(key, cond('imo_number', 'eq', imo));
    await watch(key, imo, ['dark_event']);
    const uid = await darkEvent(imo);
    await evaluate();
    const counts = async () =>
      (await db().query(
        `SELECT (SELECT count(*) FROM rule_matches)::int AS matches,
           (SELECT count(*) FROM alert_deliveries)::int AS deliveries`,
      )) as { matches: number; deliveries: number }[];
    const before = await counts();
    expect(await evaluate()).toMatchObject({ evaluated: 0, matches: 0, deliveries: 0 });
    expect(await counts()).toEqual(before);
    expect(await deliveriesOf(uid)).toHaveLength(2);
  });

  it('two replicas running the job at once evaluate each alert once', async () => {
    const imo = testImo(12);
    const key = await maritime.mintKey('pro', { owner: 'eval-replicas' });
    await channels('eval-replicas', ['email', 'teams']);
    await rule(key, cond('imo_number', 'eq', imo));
    const uids = [await darkEvent(imo), await portEntry(imo)];
    const [a, b] = await Promise.all([evaluate(0), evaluate(1)]);
    expect(a!['evaluated']! + b!['evaluated']!).toBe(2);
    for (const uid of uids) expect(await matchesOf(uid)).toHaveLength(1);
    expect((await deliveriesOf(uids[0]!)).map((d) => d.channel)).toEqual(['email', 'teams']);
  });

  it('two replicas evaluating the same alert at once make one delivery per channel', async () => {
    const imo = testImo(13);
    const key = await maritime.mintKey('pro', { owner: 'eval-race' });
    await channels('eval-race', ['email', 'slack', 'teams', 'webhook']);
    await rule(key, cond('imo_number', 'eq', imo));
    await watch(key, imo, ['dark_event']);
    const uid = await darkEvent(imo);
    const service = (i: number) => maritime.harness.instances[i]!.app.get(AlertEvaluateService);
    // Bypasses the watermarks on purpose: only the dedupe windows and the unique index remain.
    const outcomes = await Promise.all([
      service(0).evaluateUids([uid], now()),
      service(1).evaluateUids([uid], now()),
    ]);
    expect(outcomes.map((o) => o.deliveries).sort()).toEqual([0, 4]);
    const matches = await matchesOf(uid);
    expect(matches.map((m) => m.suppressed).sort()).toEqual([false, true]);
    expect((await deliveriesOf(uid)).map((d) => d.channel)).toEqual([
      'email',
      'slack',
      'teams',
      'webhook',
    ]);
    // The scheduled run then treats the alert as already evaluated by the watermark only:
    // its window is open and the index holds, so nothing more appears.
    await evaluate();
    expect(await deliveriesOf(uid)).toHaveLength(4);
  });

  it('waits for an alert whose transaction is still open rather than skipping past it', async () => {
    const imo = testImo(14);
    const key = await maritime.mintKey('pro', { owner: 'eval-late' });
    await channels('eval-late', ['email']);
    await rule(key, cond('imo_number', 'eq', imo));
    const runner = db().createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      // Takes the lower id but commits after a higher id is visible.
      const [late] = (await runner.query(
        `INSERT INTO dark_events (imo, started_at, start_lat, start_lon, severity, confidence, occurred_at)
         VALUES ($1, $2, 12, 61, 'info', 0.5, $2) RETURNING id::text AS id`,
        [imo, now()],
      )) as { id: string }[];
      const early = await darkEvent(imo);
      const run = evaluate();
      // Commit once the run is waiting for the table.
      for (let i = 0; i < 200; i += 1) {
        const waiting = (await db().query(
          `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
           WHERE c.relname = 'dark_events' AND NOT l.granted`,
        )) as { n: number }[];
        if (waiting[0]!.n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await runner.commitTransaction();
      expect(await run).toMatchObject({ evaluated: 2, matches: 2 });
      expect(await matchesOf(`dark_event:${late!.id}`)).toHaveLength(1);
      expect(await matchesOf(early)).toHaveLength(1);
    } finally {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      await runner.release();
    }
  });
  it('after a table is emptied and its ids restart, evaluates what is written from then on', async () => {
    const imo = testImo(15);
    const key = await maritime.mintKey('pro', { owner: 'eval-reseed' });
    await channels('eval-reseed', ['email']);
    await rule(key, cond('imo_number', 'eq', imo));
    const spoofing = async (): Promise<string> =>
      `spoofing_alert:${await one(
        `INSERT INTO spoofing_alerts (imo, mmsi, kind, implied_speed_kn, severity, confidence, occurred_at)
         VALUES ($1, '351000115', 'impossible_speed', 80, 'warning', 0.7, $2)`,
        [imo, now()],
      )}`;
    await spoofing();
    await spoofing();
    expect(await evaluate()).toMatchObject({ evaluated: 2, matches: 2 });
    const mark = async () =>
      (
        (await db().query(
          `SELECT last_id::int AS id FROM alert_evaluation_watermarks WHERE source = 'spoofing_alert'`,
        )) as { id: number }[]
      )[0]!.id;
    expect(await mark()).toBe(2);

    // A reseed: the table emptied, ids from 1 again. What it holds then is history.
    await db().query('TRUNCATE spoofing_alerts RESTART IDENTITY');
    await db().query(`DELETE FROM alert_deliveries WHERE owner_id = 'eval-reseed'`);
    expect(await spoofing()).toBe('spoofing_alert:1');
    expect(await evaluate()).toMatchObject({ evaluated: 0 });
    expect(await mark()).toBe(1);
    const fresh = await spoofing();
    expect(await evaluate()).toMatchObject({ evaluated: 1, matches: 1 });
    expect((await matchesOf(fresh)).at(-1)).toMatchObject({ suppressed: true });
  });
});

describe('triggering', () => {
  it('registers the every-minute scheduler', async () => {
    const scheduler = await queues()
      .queue(JOB_QUEUES.alertEvaluate)
      .getJobScheduler(`${JOB_QUEUES.alertEvaluate}-scheduled`);
    expect(scheduler?.pattern).toBe('* * * * *');
  });

  it('the jobs that write alerts ask for a run, and a scheduler runs it every minute', async () => {
    const queue = queues().queue(JOB_QUEUES.alertEvaluate);
    await queue.obliterate({ force: true });
    await dispatcher().runNow(JOB_QUEUES.sanctionsScreen);
    const waiting = await queue.getJobs(['waiting', 'delayed', 'prioritized']);
    expect(waiting.map((job) => job.name)).toContain('alerts-written');
    // Requests in quick succession collapse into one job.
    await dispatcher().runNow(JOB_QUEUES.sanctionsScreen);
    expect(
      (await queue.getJobs(['waiting', 'delayed', 'prioritized'])).filter(
        (job) => job.name === 'alerts-written',
      ),
    ).toHaveLength(1);
  });
});
