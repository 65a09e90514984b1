import { Logger } from '@nestjs/common';
import { SystemClock } from '@platform/clock';
import { closeRedisConnection, createRedisConnection } from '@platform/redis';
import { Job, JobSchedulerTemplateOptions, Queue, Worker } from 'bullmq';
import type Redis from 'ioredis';
import { assertQueueName, bullPrefix } from './bull-prefix';
import { registerQueueMetrics } from './queue-metrics';
import { QueuesOptions } from './queues.options';
import { settlesWithin } from './settle-within';

export type JobHandler<D = unknown, R = unknown> = (job: Job<D, R>) => Promise<R>;

export interface ProcessOptions {
  /** Jobs of this queue run at once in one replica; 1 by default. */
  concurrency?: number;
  /** How long a job may run without renewing its lock; BullMQ renews it while the job runs. */
  lockDurationMs?: number;
}

/** A cron pattern (evaluated in UTC) or a fixed interval. */
export type ScheduleSpec = { pattern: string } | { every: number };

export interface ScheduleTemplate<D = unknown> {
  name?: string;
  data?: D;
  opts?: JobSchedulerTemplateOptions;
}

const DEFAULT_JOB_OPTIONS = {
  // Keep a short tail for inspection; unbounded completed sets would grow Redis forever.
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600, count: 1000 },
};

/**
 * The app's BullMQ queues (always) and workers (only when `workers` is on), on one dedicated
 * connection without an ioredis keyPrefix (BullMQ does not support one; it prefixes itself).
 * Processors register during module init; workers start on application bootstrap.
 */
export class QueueRegistry {
  private readonly logger = new Logger('Queues');
  readonly connection: Redis;
  readonly prefix: string;
  private readonly queues = new Map<string, Queue>();
  /** Error messages logged since Redis was last ready: an outage is logged once, not per retry. */
  private readonly lastErrors = new Map<string, string>();
  private readonly handlers = new Map<string, { handler: JobHandler; options: ProcessOptions }>();
  private readonly workers = new Map<string, Worker>();
  private started = false;
  private closed = false;

  constructor(private readonly options: QueuesOptions) {
    this.prefix = bullPrefix(options.redisPrefix);
    this.connection = createRedisConnection({
      url: options.redisUrl,
      prefix: '',
      connectionName: `${options.service}:queues`,
      maxRetriesPerRequest: null,
    });
    this.connection.on('error', (error: Error) => this.reportError('connection', error));
    this.connection.on('ready', () => this.lastErrors.clear());
    for (const name of options.queues) {
      assertQueueName(name);
      const queue = new Queue(name, {
        connection: this.connection,
        prefix: this.prefix,
        defaultJobOptions: { ...DEFAULT_JOB_OPTIONS, ...options.defaultJobOptions },
      });
      queue.on('error', (error) => this.reportError(`queue ${name}`, error));
      this.queues.set(name, queue);
    }
    if (options.metricsRegistry) {
      const clock = options.clock ?? new SystemClock();
      registerQueueMetrics(options.metricsRegistry, {
        connection: this.connection,
        queues: this.queues,
        nowMs: () => clock.nowMs(),
        logger: this.logger,
      });
    }
  }

  /** Every queue of the app, dead-letter queues included, in declaration order. */
  names(): string[] {
    return [...this.queues.keys()];
  }

  get workersEnabled(): boolean {
    return this.options.workers;
  }

  queue<D = unknown, R = unknown>(name: string): Queue<D, R> {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`unknown queue "${name}"`);
    return queue as unknown as Queue<D, R>;
  }

  /** The worker of a queue in this replica (undefined when workers are off). */
  worker(name: string): Worker | undefined {
    return this.workers.get(name);
  }

  /** Declares the processor of a queue; its worker is created by start() if workers are on. */
  process<D, R>(name: string, handler: JobHandler<D, R>, options: ProcessOptions = {}): void {
    this.queue(name);
    if (this.handlers.has(name)) throw new Error(`queue "${name}" already has a processor`);
    this.handlers.set(name, { handler: handler as JobHandler, options });
    if (this.started) this.startWorker(name);
  }

  /**
   * Creates or updates a job scheduler. Idempotent across replicas: the scheduler id is the key,
   * and the next run's job id is derived from it and the run time, so N replicas booting at once
   * still produce one schedule and one job per run.
   */
  async upsertScheduler<D>(
    queueName: string,
    schedulerId: string,
    spec: ScheduleSpec,
    template: ScheduleTemplate<D> = {},
  ): Promise<void> {
    const repeat = 'pattern' in spec ? { pattern: spec.pattern, tz: 'UTC' } : { every: spec.every };
    const queue: Queue<unknown> = this.queue(queueName);
    await queue.upsertJobScheduler(schedulerId, repeat, {
      name: template.name ?? schedulerId,
      data: template.data,
      opts: template.opts,
    });
  }

  /**
   * Takes over a worker built elsewhere with options of its own (the webhook delivery worker),
   * so that draining and closing treat it exactly like the registry's workers, Redis outages
   * included.
   */
  adoptWorker(name: string, worker: Worker): void {
    this.queue(name);
    if (this.workers.has(name)) throw new Error(`queue "${name}" already has a worker`);
    if (this.closed) {
      void worker.close(true).catch(() => undefined);
      return;
    }
    worker.on('error', (error) => this.reportError(`worker ${name}`, error));
    this.workers.set(name, worker);
  }

  /** Starts a worker for every registered processor (no-op when workers are off). */
  start(): void {
    this.started = true;
    for (const name of this.handlers.keys()) this.startWorker(name);
  }

  /**
   * Workers stop fetching jobs: each begins closing now, which lets its running jobs finish;
   * close() later waits for them. (Pausing is not enough: a worker blocked waiting for a job
   * still takes the next one.)
   */
  stopTakingWork(): void {
    for (const [name, worker] of this.workers)
      worker.close().catch((error: unknown) => {
        this.logger.warn({ queue: name, err: error }, 'worker did not stop taking jobs');
      });
  }

  /**
   * Closes workers first (running jobs finish, up to the timeout), then queues, then Redis.
   * With Redis away, BullMQ's close would wait for it forever: drop the connection and force.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const timeoutMs = this.options.shutdownTimeoutMs ?? 25_000;
    const workers = [...this.workers.values()];
    this.workers.clear();
    let finished = false;
    if (this.connection.status === 'ready') {
      finished = await settlesWithin(
        Promise.all(workers.map((worker) => worker.close())),
        timeoutMs,
      );
      if (!finished) {
        this.logger.warn({ timeout_ms: timeoutMs }, 'running jobs did not finish; closing anyway');
      }
    }
    if (!finished) {
      this.connection.disconnect(false);
      // On a connection we just dropped, BullMQ's own cleanup commands fail with "Connection is
      // closed": expected here, and nothing is left to clean up on a server we cannot reach.
      await Promise.allSettled(workers.map((worker) => worker.close(true)));
      await Promise.allSettled([...this.queues.values()].map((queue) => queue.close()));
    } else {
      await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    }
    await closeRedisConnection(this.connection);
  }

  private startWorker(name: string): void {
    const entry = this.handlers.get(name);
    if (!entry || !this.options.workers || this.workers.has(name) || this.closed) return;
    const worker = new Worker(name, entry.handler, {
      connection: this.connection,
      prefix: this.prefix,
      concurrency: entry.options.concurrency ?? 1,
      // Spread only when set: an explicit undefined would override BullMQ's default.
      ...(entry.options.lockDurationMs === undefined
        ? {}
        : { lockDuration: entry.options.lockDurationMs }),
      name: `${this.options.service}:${process.pid}`,
    });
    worker.on('failed', (job, error) => {
      // Job data is never logged: it may carry identifiers that are not ours to print.
      this.logger.error(
        {
          queue: name,
          job_id: job?.id,
          job_name: job?.name,
          attempts_made: job?.attemptsMade,
          err: { name: error.name, message: error.message, stack: error.stack },
        },
        'job failed',
      );
    });
    worker.on('error', (error) => this.reportError(`worker ${name}`, error));
    this.workers.set(name, worker);
  }

  private reportError(source: string, error: Error): void {
    // Queues and workers relay their connection's errors: one line per distinct message.
    if (this.lastErrors.has(error.message)) return;
    this.lastErrors.set(error.message, source);
    this.logger.warn({ source, err: { name: error.name, message: error.message } }, 'queue error');
  }
}
