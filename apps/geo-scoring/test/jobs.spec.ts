import { JobDispatcher, JobRunner, QueueRegistry, withAdvisoryLock } from '@platform/queues';
import { waitFor } from '@platform/testing';
import Redis from 'ioredis';
import { IngestFollowUps } from '../src/jobs/ingest-follow-ups';
import { JOB_QUEUES, JOB_SCHEDULES, scoresRefreshedChannel } from '../src/jobs/job-queues';
import { JobSchedules } from '../src/jobs/job-schedules';
import type { ScoreRefreshJobResult } from '../src/jobs/score-refresh/score-refresh.processor';
import type { RetentionResult } from '../src/pipeline/retention/retention.repository';
import { GeoHarness, startGeo } from './support/geo-harness';

// Two replicas on one database and one Redis prefix, as two pods of one deployment.
describe('geo-scoring jobs across two replicas', () => {
  let geo: GeoHarness;
  const registry = (i: number): QueueRegistry => geo.instances[i]!.app.get(QueueRegistry);

  beforeAll(async () => {
    geo = await startGeo({ replicas: 2, env: { SCORE_REFRESH_DELAY_MS: '50' } });
    await geo.db.query(`INSERT INTO metros (slug, name, state, center_lat, center_lng, radius_km)
      VALUES ('atx', 'Austin', 'TX', 30.27, -97.74, 20)`);
  });

  afterAll(async () => {
    await geo.close();
  });

  it('registers each daily job scheduler once, with one next run, however many replicas boot', async () => {
    await Promise.all(geo.instances.map((instance) => instance.app.get(JobSchedules).registered));
    for (const { queue, pattern } of JOB_SCHEDULES) {
      const schedulers = await registry(0).queue(queue).getJobSchedulers();
      expect(schedulers).toEqual([
        expect.objectContaining({ key: `${queue}-daily`, pattern, tz: 'UTC' }),
      ]);
      const delayed = await registry(1).queue(queue).getDelayed();
      expect(delayed.filter((job) => job.repeatJobKey === `${queue}-daily`)).toHaveLength(1);
    }
    expect(JOB_SCHEDULES.map((s) => [s.queue, s.pattern])).toEqual([
      ['partition-maintain', '10 0 * * *'],
      ['retention', '0 1 * * *'],
      ['licence-tiers', '30 2 * * *'],
      ['rollup-reconcile', '0 3 * * *'],
      ['score-refresh', '0 4 * * *'],
      ['portfolio-monitor', '0 6 * * *'],
    ]);
  });

  it('runs a job enqueued from both replicas with the same id once', async () => {
    const [a, b] = await Promise.all(
      [0, 1].map((i) =>
        registry(i)
          .queue(JOB_QUEUES.populationRefresh)
          .add('manual', {}, { jobId: 'population-refresh-manual-1' }),
      ),
    );
    expect(a!.id).toBe(b!.id);
    const queue = registry(0).queue(JOB_QUEUES.populationRefresh);
    await waitFor(
      async () => (await queue.getJob('population-refresh-manual-1'))?.finishedOn !== undefined,
      15_000,
      'the population refresh',
    );
    const completed = await queue.getCompleted();
    expect(completed.map((job) => job.id)).toEqual(['population-refresh-manual-1']);
    expect(await queue.getFailedCount()).toBe(0);
  });

  it('refreshes a metro after an ingest, queues its follow-ups and announces the run', async () => {
    const subscriber = new Redis(geo.resources.redisUrl);
    const messages: { channel: string; payload: string }[] = [];
    try {
      const channel = scoresRefreshedChannel(geo.resources.redisPrefix);
      subscriber.on('message', (from: string, payload: string) =>
        messages.push({ channel: from, payload }),
      );
      await subscriber.subscribe(channel);

      await geo.instances[0]!.app.get(IngestFollowUps).metroDataChanged(['atx']);
      await waitFor(async () => messages.length > 0, 20_000, 'geo:scores-refreshed');

      const runs = (await geo.db.query(
        `SELECT id::text, trigger, metros, status FROM score_runs ORDER BY id`,
      )) as { id: string; trigger: string; metros: string[]; status: string }[];
      expect(runs).toEqual([
        { id: expect.any(String), trigger: 'ingest', metros: ['atx'], status: 'succeeded' },
      ]);
      expect(messages).toEqual([
        { channel, payload: JSON.stringify({ score_run_id: runs[0]!.id }) },
      ]);
      // The run is recorded once the processor returns, just after it announced the refresh.
      await waitFor(
        async () => (await jobRuns('score-refresh')).some((run) => run.status === 'succeeded'),
        10_000,
        'the recorded score-refresh run',
      );
      const [recorded] = await jobRuns('score-refresh');
      expect(recorded).toMatchObject({ trigger: 'ingest', status: 'succeeded' });
      expect((recorded!.result as ScoreRefreshJobResult).scoreRunId).toBe(runs[0]!.id);
      expect(channel).toBe(`${geo.resources.redisPrefix}scores-refreshed`);
      const diagnostics = await registry(1)
        .queue(JOB_QUEUES.spatialDiagnostics)
        .getJob(`diag-atx-${runs[0]!.id}`);
      expect(diagnostics?.data).toEqual({ metroSlug: 'atx', scoreRunId: runs[0]!.id });
      // First score run: the classifier has never run for this engine fingerprint.
      await waitFor(
        async () =>
          (
            (await geo.db.query('SELECT count(*)::int AS n FROM robustness_runs')) as {
              n: number;
            }[]
          )[0]!.n === 1,
        20_000,
        'the robustness classifier',
      );
    } finally {
      subscriber.disconnect();
    }
  });

  it('runs an advisory-locked maintenance task once when two replicas run it at the same time', async () => {
    geo.clock.set('2026-06-15T12:00:00Z');
    await geo.db.query(`INSERT INTO webhook_events (id, type, payload, created_at)
      VALUES ('evt_old_lock', 'permit.filed', '{}', '2026-04-01T00:00:00Z')`);
    const dispatchers = geo.instances.map((instance) => instance.app.get(JobDispatcher));
    const run = (dispatcher: JobDispatcher) =>
      dispatcher.runNow<RetentionResult>(JOB_QUEUES.retention, { data: {} });
    // `<REDIS_PREFIX>job:retention`: `geo:job:retention` in production.
    const lockName = geo.instances[0]!.app.get(JobRunner).lockName(JOB_QUEUES.retention);
    expect(lockName).toBe(`${geo.resources.redisPrefix}job:retention`);

    // Another replica is in the middle of the task (it holds the task's lock).
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered = false;
    const elsewhere = withAdvisoryLock(geo.db, lockName, async () => {
      entered = true;
      await gate;
    });
    await waitFor(() => entered, 10_000, 'the other session to hold the lock');
    expect(await Promise.all(dispatchers.map(run))).toEqual([
      { acquired: false },
      { acquired: false },
    ]);
    expect(await countEvents('evt_old_lock')).toBe(1);
    release();
    await elsewhere;
    expect(await run(dispatchers[1]!)).toMatchObject({
      acquired: true,
      result: { webhookEvents: 1 },
    });
    expect(await countEvents('evt_old_lock')).toBe(0);
    expect(await jobRuns('retention')).toEqual([
      expect.objectContaining({ trigger: 'manual', status: 'skipped', result: null }),
      expect.objectContaining({ trigger: 'manual', status: 'skipped', result: null }),
      expect.objectContaining({
        trigger: 'manual',
        status: 'succeeded',
        result: expect.objectContaining({ webhookEvents: 1 }),
      }),
    ]);

    // Both replicas at once: exactly the expired rows go, whoever does it.
    await geo.db.query(`INSERT INTO webhook_events (id, type, payload, created_at)
      VALUES ('evt_old_lock_2', 'permit.filed', '{}', '2026-04-01T00:00:00Z')`);
    const results = await Promise.all(dispatchers.map(run));
    const deleted = results.reduce((sum, r) => sum + (r.acquired ? r.result.webhookEvents : 0), 0);
    expect(deleted).toBe(1);
    expect(await countEvents('evt_old_lock_2')).toBe(0);
  });

  /** The recorded runs of `job`, oldest first. */
  async function jobRuns(
    job: string,
  ): Promise<{ trigger: string; status: string; result: unknown }[]> {
    return (await geo.db.query(
      'SELECT trigger, status, result FROM job_runs WHERE job = $1 ORDER BY id',
      [job],
    )) as { trigger: string; status: string; result: unknown }[];
  }

  async function countEvents(id: string): Promise<number> {
    const [row] = (await geo.db.query(
      'SELECT count(*)::int AS n FROM webhook_events WHERE id = $1',
      [id],
    )) as { n: number }[];
    return row!.n;
  }
});
