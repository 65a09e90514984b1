import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppMetrics } from '@platform/http';
import { Counter, Histogram } from 'prom-client';
import { DataSource } from 'typeorm';
import { LockedResult, withAdvisoryLock } from './advisory-lock';
import { QUEUES_OPTIONS, QueuesOptions } from './queues.options';

export interface JobRunOptions {
  /** Under the job's global advisory lock (skipped when another session holds it). */
  exclusive?: boolean;
  /** BullMQ job id, recorded with the run. */
  jobId?: string;
  /** What started it (the job name: `daily`, `ingest`, `manual`, ...). */
  trigger?: string;
}

/**
 * Runs jobs the same way everywhere: each run is a `job_runs` row (running, then succeeded,
 * failed or skipped, with its duration and result), counted in `job_runs_total` and timed in
 * `job_run_duration_seconds`; an exclusive run holds the job's advisory lock for its duration.
 * Every service with queues has the `job_runs` table in its migrations.
 */
@Injectable()
export class JobRunner {
  private readonly logger = new Logger('Jobs');
  private readonly runs: Counter<'job' | 'status'>;
  private readonly durations: Histogram<'job'>;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(AppMetrics) metrics: AppMetrics,
    @Inject(QUEUES_OPTIONS) private readonly options: QueuesOptions,
  ) {
    this.runs = new Counter({
      name: 'job_runs_total',
      help: 'Background job runs by job and outcome (succeeded, failed, skipped)',
      labelNames: ['job', 'status'],
      registers: [metrics.registry],
    });
    this.durations = new Histogram({
      name: 'job_run_duration_seconds',
      help: 'Duration of background job runs that did their work',
      labelNames: ['job'],
      buckets: [0.01, 0.05, 0.25, 1, 5, 15, 60, 300, 900, 3600],
      registers: [metrics.registry],
    });
  }

  /** The advisory lock name of a job: `geo:job:retention` for geo-scoring's retention job. */
  lockName(job: string): string {
    return `${this.options.redisPrefix}job:${job}`;
  }

  async run<T>(
    job: string,
    work: () => Promise<T>,
    options: JobRunOptions = {},
  ): Promise<LockedResult<T>> {
    if (!options.exclusive)
      return { acquired: true, result: await this.recorded(job, work, options) };
    const outcome = await withAdvisoryLock(this.dataSource, this.lockName(job), () =>
      this.recorded(job, work, options),
    );
    if (!outcome.acquired) {
      this.runs.inc({ job, status: 'skipped' });
      await this.dataSource.query(
        `INSERT INTO job_runs (job, job_id, trigger, status, started_at, finished_at, duration_ms)
         VALUES ($1, $2, $3, 'skipped', now(), now(), 0)`,
        [job, options.jobId ?? null, options.trigger ?? null],
      );
      this.logger.log({ job }, 'job skipped: another replica holds its lock');
    }
    return outcome;
  }

  private async recorded<T>(
    job: string,
    work: () => Promise<T>,
    options: JobRunOptions,
  ): Promise<T> {
    const started = performance.now();
    const rows = (await this.dataSource.query(
      `INSERT INTO job_runs (job, job_id, trigger, status) VALUES ($1, $2, $3, 'running') RETURNING id`,
      [job, options.jobId ?? null, options.trigger ?? null],
    )) as { id: string }[];
    const runId = rows[0]?.id;
    const finish = async (
      status: 'succeeded' | 'failed',
      result: unknown,
      error: string | null,
    ) => {
      const ms = performance.now() - started;
      this.runs.inc({ job, status });
      this.durations.observe({ job }, ms / 1000);
      await this.dataSource.query(
        `UPDATE job_runs SET status = $2, finished_at = now(), duration_ms = $3, result = $4, error = $5
         WHERE id = $1`,
        [
          runId,
          status,
          Math.round(ms),
          result === undefined ? null : JSON.stringify(result),
          error,
        ],
      );
      return ms;
    };
    try {
      const result = await work();
      const ms = await finish('succeeded', result, null);
      this.logger.log({ job, duration_ms: Math.round(ms), result }, 'job done');
      return result;
    } catch (error) {
      // Only the message is kept: job errors never carry request data, but stacks are noise here.
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1024);
      await finish('failed', undefined, message).catch(() => undefined);
      throw error;
    }
  }
}
