import { Injectable, Module } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { GeoScoringConfig, loadConfig } from '@platform/config';
import { AppMetrics, DrainState } from '@platform/http';
import { ServicePlatformModule } from '@platform/platform';
import { isolateService, IsolatedServiceResources, LogCapture, waitFor } from '@platform/testing';
import { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { withAdvisoryLock } from './advisory-lock';
import { JobDispatcher } from './job-dispatcher';
import { JobRunner } from './job-runner';
import { QueueProcessor, type JobProcessor, type QueueJob } from './queue-processor';
import { QueueRegistry } from './queue-registry';
import { QueuesModule } from './queues.module';

class JobRunsTable1700000000001 implements MigrationInterface {
  name = 'JobRunsTable1700000000001';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE job_runs (
      id bigserial PRIMARY KEY, job text NOT NULL, job_id text, trigger text,
      status text NOT NULL CHECK (status IN ('running', 'succeeded', 'failed', 'skipped')),
      started_at timestamptz NOT NULL DEFAULT now(), finished_at timestamptz,
      duration_ms integer, result jsonb, error text)`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE job_runs');
  }
}

const seen: { queue: string; data: unknown }[] = [];

@Injectable()
@QueueProcessor('sweep', { exclusive: true })
class SweepProcessor implements JobProcessor<{ rows: number }, { swept: number }> {
  async process(job: QueueJob<{ rows: number }>): Promise<{ swept: number }> {
    seen.push({ queue: 'sweep', data: job.data });
    return { swept: job.data.rows ?? 0 };
  }
}

@Injectable()
@QueueProcessor('echo')
class EchoProcessor implements JobProcessor<{ fail?: boolean }, string> {
  async process(job: QueueJob<{ fail?: boolean }>): Promise<string> {
    seen.push({ queue: 'echo', data: job.data });
    if (job.data.fail) throw new Error('echo refused');
    return 'echoed';
  }
}

describe('JobRunner and @QueueProcessor (real PostgreSQL and Redis)', () => {
  let resources: IsolatedServiceResources;
  let moduleRef: TestingModule;
  let db: DataSource;

  beforeAll(async () => {
    resources = await isolateService({
      service: 'jobrunnerspec',
      migrations: [JobRunsTable1700000000001],
      redisPrefixBase: 'jrs:',
    });
    const config = loadConfig(GeoScoringConfig, resources.env);
    @Module({
      imports: [
        QueuesModule.forRootAsync({
          inject: [AppMetrics],
          useFactory: (metrics: AppMetrics) => ({
            redisUrl: config.REDIS_URL,
            redisPrefix: config.REDIS_PREFIX,
            service: 'jobrunnerspec',
            workers: true,
            queues: ['sweep', 'echo'],
            metricsRegistry: metrics.registry,
          }),
        }),
      ],
      providers: [SweepProcessor, EchoProcessor],
    })
    class JobsTestModule {}
    moduleRef = await Test.createTestingModule({
      imports: [
        ServicePlatformModule.forRoot(config, {
          migrations: [JobRunsTable1700000000001],
          logDestination: new LogCapture(),
        }),
        JobsTestModule,
      ],
    }).compile();
    await moduleRef.init();
    db = moduleRef.get(DataSource);
  });

  afterAll(async () => {
    await moduleRef?.close();
    await resources.release();
  });

  it('runs a queued job through its processor and records the run', async () => {
    const queues = moduleRef.get(QueueRegistry);
    const job = await queues.queue('sweep').add('daily', { rows: 3 });
    await waitFor(async () => (await job.getState()) === 'completed', 15_000, 'the job');
    expect((await queues.queue('sweep').getJob(job.id!))?.returnvalue).toEqual({
      acquired: true,
      result: { swept: 3 },
    });
    const rows = (await db.query(
      `SELECT job, job_id, trigger, status, result, duration_ms >= 0 AS timed, finished_at IS NOT NULL AS finished
       FROM job_runs WHERE job = 'sweep'`,
    )) as Record<string, unknown>[];
    expect(rows).toEqual([
      {
        job: 'sweep',
        job_id: job.id,
        trigger: 'daily',
        status: 'succeeded',
        result: { swept: 3 },
        timed: true,
        finished: true,
      },
    ]);
  });

  it('skips an exclusive job whose lock another session holds, and records the skip', async () => {
    const runner = moduleRef.get(JobRunner);
    const dispatcher = moduleRef.get(JobDispatcher);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered = false;
    const elsewhere = withAdvisoryLock(db, runner.lockName('sweep'), async () => {
      entered = true;
      await gate;
    });
    await waitFor(() => entered, 10_000, 'the other session to hold the lock');
    expect(await dispatcher.runNow('sweep', { data: { rows: 1 } })).toEqual({ acquired: false });
    release();
    await elsewhere;
    expect(await dispatcher.runNow('sweep', { data: { rows: 1 } })).toEqual({
      acquired: true,
      result: { swept: 1 },
    });
    const statuses = (await db.query(
      `SELECT status FROM job_runs WHERE job = 'sweep' AND trigger = 'manual' ORDER BY id`,
    )) as { status: string }[];
    expect(statuses.map((r) => r.status)).toEqual(['skipped', 'succeeded']);
  });

  it('records a failed run with its message and counts outcomes in the metrics', async () => {
    const dispatcher = moduleRef.get(JobDispatcher);
    await expect(dispatcher.runNow('echo', { data: { fail: true } })).rejects.toThrow(
      'echo refused',
    );
    expect(await dispatcher.runNow('echo', { data: {} })).toEqual({
      acquired: true,
      result: 'echoed',
    });
    const failed = (await db.query(
      `SELECT status, error FROM job_runs WHERE job = 'echo' ORDER BY id`,
    )) as { status: string; error: string | null }[];
    expect(failed).toEqual([
      { status: 'failed', error: 'echo refused' },
      { status: 'succeeded', error: null },
    ]);
    const metrics = await moduleRef.get(AppMetrics).registry.metrics();
    expect(metrics).toMatch(/job_runs_total\{job="echo",status="failed",service="[^"]+"\} 1/);
    expect(metrics).toMatch(/job_runs_total\{job="sweep",status="skipped",service="[^"]+"\} 1/);
    expect(() => dispatcher.runNow('nothing')).toThrow('queue "nothing" has no processor');
  });

  it('stops taking jobs when the replica starts draining; a job added then waits', async () => {
    const queues = moduleRef.get(QueueRegistry);
    moduleRef.get(DrainState).begin();
    await waitFor(() => queues.worker('echo')?.closing !== undefined, 5_000, 'the worker to stop');
    await queues.worker('echo')!.closing; // its running jobs (none here) have finished
    const job = await queues.queue('echo').add('late', {});
    expect(await job.getState()).toBe('waiting');
  });
});
