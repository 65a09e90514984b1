import { QueueRegistry } from '@platform/queues';
import { waitFor } from '@platform/testing';
import { IngestFollowUps } from '../src/jobs/ingest-follow-ups';
import { JOB_QUEUES } from '../src/jobs/job-queues';
import { GeoHarness, startGeo } from './support/geo-harness';

// QUEUE_WORKERS=false makes an API-only replica: it enqueues, it never processes.
const byMetro = (a: unknown, b: unknown): number =>
  JSON.stringify(a).localeCompare(JSON.stringify(b));

describe('geo-scoring jobs: API-only replicas and ingest follow-ups', () => {
  let geo: GeoHarness;

  beforeAll(async () => {
    geo = await startGeo({ replicas: 0, env: { SCORE_REFRESH_DELAY_MS: '50' } });
    await geo.db.query(`INSERT INTO metros (slug, name, state, center_lat, center_lng, radius_km)
      VALUES ('atx', 'Austin', 'TX', 30.27, -97.74, 20), ('dal', 'Dallas', 'TX', 32.78, -96.8, 20)`);
  });

  afterAll(async () => {
    await geo.close();
  });

  const scoreRuns = async (): Promise<{ trigger: string; metros: string[] }[]> =>
    (await geo.db.query('SELECT trigger, metros FROM score_runs ORDER BY id')) as {
      trigger: string;
      metros: string[];
    }[];

  it('collapses repeated ingests into one job per metro; a worker replica runs what an API-only one queued', async () => {
    const apiOnly = await geo.startInstance({ QUEUE_WORKERS: 'false' });
    const queues = apiOnly.app.get(QueueRegistry);
    const followUps = apiOnly.app.get(IngestFollowUps);
    for (const name of Object.values(JOB_QUEUES)) expect(queues.worker(name)).toBeUndefined();

    await followUps.metroDataChanged(['atx']);
    await followUps.metroDataChanged(['atx', 'atx', 'dal']);
    await followUps.metroDataChanged(['atx']);
    await followUps.populationInputsChanged();
    await followUps.populationInputsChanged();

    const refresh = queues.queue(JOB_QUEUES.scoreRefresh);
    const population = queues.queue(JOB_QUEUES.populationRefresh);
    // Queued (delayed by the debounce; BullMQ promotes due jobs only when a worker asks), and
    // nobody processes them. (The queue also holds the daily 04:00 run, named 'daily'.)
    const queued = (await refresh.getJobs(['delayed', 'waiting', 'active'])).filter(
      (job) => job.name === 'ingest',
    );
    expect(await population.getJobCountByTypes('waiting', 'active')).toBe(1);
    expect(await refresh.getWorkersCount()).toBe(0);
    expect(queued.map((job) => job.data as unknown).sort(byMetro)).toEqual([
      { trigger: 'ingest', metros: ['atx'] },
      { trigger: 'ingest', metros: ['dal'] },
    ]);
    expect(await scoreRuns()).toEqual([]);

    const worker = await geo.startInstance({ QUEUE_WORKERS: 'true' });
    expect(worker.app.get(QueueRegistry).worker(JOB_QUEUES.scoreRefresh)).toBeDefined();
    await waitFor(
      async () =>
        (await refresh.getCompletedCount()) === 2 && (await population.getCompletedCount()) === 1,
      20_000,
      'the worker replica to run the queued jobs',
    );
    expect((await scoreRuns()).map((run) => run.metros).sort()).toEqual([['atx'], ['dal']]);
    // Each job the worker ran is recorded with the BullMQ job that started it.
    const recorded = (await geo.db.query(
      `SELECT job, trigger, status, job_id IS NOT NULL AS has_job_id FROM job_runs
       WHERE job IN ('score-refresh', 'population-refresh') ORDER BY job, id`,
    )) as Record<string, unknown>[];
    expect(recorded).toEqual([
      { job: 'population-refresh', trigger: 'ingest', status: 'succeeded', has_job_id: true },
      { job: 'score-refresh', trigger: 'ingest', status: 'succeeded', has_job_id: true },
      { job: 'score-refresh', trigger: 'ingest', status: 'succeeded', has_job_id: true },
    ]);

    // The refresh ran, so the next ingest schedules a new one.
    await followUps.metroDataChanged(['atx']);
    await waitFor(
      async () => (await refresh.getCompletedCount()) === 3,
      20_000,
      'the refresh after a later ingest',
    );
    expect(await scoreRuns()).toHaveLength(3);
    expect(await refresh.getFailedCount()).toBe(0);
  });
});
