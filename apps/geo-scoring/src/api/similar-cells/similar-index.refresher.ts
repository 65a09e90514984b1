import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleDestroy,
} from '@nestjs/common';
import { closeRedisConnection, createRedisConnection } from '@platform/redis';
import type Redis from 'ioredis';
import { scoresRefreshedChannel } from '../../jobs/job-queues';
import { embeddingsUpdatedChannel } from '../../jobs/job-queues';
import { SimilarCellsRepository } from './similar-cells.repository';
import { SimilarityIndex } from '@platform/geo-domain';

export const DEFAULT_SIMILAR_INDEX_POLL_MS = 60_000;
/** How long boot waits for the SUBSCRIBE before listening anyway (Redis may be away). */
const SUBSCRIBE_WAIT_MS = 3_000;

/** Injection token of the refresher's SimilarIndexRefresherOptions (see SimilarCellsModule). */
export const SIMILAR_INDEX_REFRESHER_OPTIONS = Symbol('SimilarIndexRefresherOptions');

export interface SimilarIndexRefresherOptions {
  redisUrl: string;
  /** REDIS_PREFIX: the channels are `<prefix>scores-refreshed` and `<prefix>embeddings-updated`. */
  redisPrefix: string;
  /** Missed-message fallback: how often the latest succeeded score run id is compared. */
  pollIntervalMs?: number;
}

/**
 * Owns the replica's current SimilarityIndex
 * (see docs/geo-scoring/similar-cells.md#index-lifecycle): built before the app listens, rebuilt
 * off the request path when a refresh or an embeddings change is announced on Redis, or when the
 * poll sees a newer succeeded score run (a message missed while disconnected). A rebuild builds a
 * whole new index and swaps the reference, so a request always sees one consistent index and never
 * waits. Rebuild requests arriving during a rebuild collapse into one more rebuild.
 */
@Injectable()
export class SimilarIndexRefresher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('SimilarIndex');
  private index: SimilarityIndex | undefined;
  private subscriber: Redis | undefined;
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private rebuildCount = 0;

  constructor(
    @Inject(SimilarCellsRepository) private readonly repository: SimilarCellsRepository,
    @Inject(SIMILAR_INDEX_REFRESHER_OPTIONS) private readonly options: SimilarIndexRefresherOptions,
  ) {}

  /** The index requests read; built at boot, so always present while the app listens. */
  current(): SimilarityIndex {
    if (!this.index) throw new Error('the similarity index is not built yet');
    return this.index;
  }

  /** Completed builds since start (boot included); tests wait on it. */
  get builds(): number {
    return this.rebuildCount;
  }

  onApplicationBootstrap(): Promise<void> {
    return this.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.stop();
  }

  async start(): Promise<void> {
    // A failed first build fails the boot: without an index every answer would be wrong.
    await this.build();
    await this.subscribe();
    const interval = this.options.pollIntervalMs ?? DEFAULT_SIMILAR_INDEX_POLL_MS;
    if (interval > 0) {
      this.timer = setInterval(() => this.pollLogged(), interval);
      this.timer.unref();
    }
  }

  /** Schedules a rebuild and resolves when an index reading the data as of now is in place. */
  rebuild(reason: string): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.inFlight) {
      // The running build may have read the data before the change: run once more after it.
      this.again = true;
      return this.inFlight;
    }
    this.inFlight = this.loop(reason).finally(() => (this.inFlight = undefined));
    return this.inFlight;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    if (subscriber) {
      subscriber.removeAllListeners('message');
      await closeRedisConnection(subscriber);
    }
    // Let a running rebuild finish before the database connection closes under it.
    await this.inFlight?.catch(() => undefined);
  }

  private async loop(reason: string): Promise<void> {
    do {
      this.again = false;
      try {
        await this.build();
      } catch (error) {
        // Keep serving the previous index; the next message or poll tries again.
        if (!this.stopped)
          this.logger.warn({ reason, err: error }, 'similarity index rebuild failed');
        return;
      }
      this.logger.log(
        { reason, cells: this.index?.size, score_run_id: this.index?.scoreRunId },
        'similarity index rebuilt',
      );
    } while (this.again && !this.stopped);
  }

  private async build(): Promise<void> {
    // The run id is read first: a run finishing during the load makes the next poll rebuild.
    const scoreRunId = await this.repository.latestScoreRunId();
    const inputs = await this.repository.loadIndexInputs();
    this.index = new SimilarityIndex(inputs, scoreRunId);
    this.rebuildCount++;
  }

  private async subscribe(): Promise<void> {
    const channels = [
      scoresRefreshedChannel(this.options.redisPrefix),
      embeddingsUpdatedChannel(this.options.redisPrefix),
    ];
    const subscriber = createRedisConnection({
      url: this.options.redisUrl,
      prefix: this.options.redisPrefix,
      connectionName: 'geo-scoring:similar-index',
      // Subscribe mode: a command must wait for the reconnect rather than fail fast.
      maxRetriesPerRequest: null,
    });
    this.subscriber = subscriber;
    subscriber.on('error', (error: Error) =>
      this.logger.warn({ err: error }, 'similarity index subscriber error'),
    );
    subscriber.on('message', (channel: string) => {
      if (channels.includes(channel)) void this.rebuild(`message ${channel}`);
    });
    // ioredis re-subscribes by itself after a reconnect; the poll covers the gap.
    let timeout: NodeJS.Timeout | undefined;
    const subscribed = subscriber.subscribe(...channels).then(() => true);
    subscribed.catch(() => undefined);
    const gaveUp = new Promise<boolean>((resolve) => {
      timeout = setTimeout(() => resolve(false), SUBSCRIBE_WAIT_MS);
      timeout.unref();
    });
    try {
      if (!(await Promise.race([subscribed, gaveUp])))
        this.logger.warn('similarity index not subscribed yet (Redis away); the poll covers it');
    } catch (error) {
      this.logger.warn({ err: error }, 'similarity index subscribe failed; the poll covers it');
    } finally {
      clearTimeout(timeout);
    }
  }

  private pollLogged(): void {
    this.poll().catch((error: unknown) =>
      this.logger.warn({ err: error }, 'similarity index poll failed'),
    );
  }

  /** Rebuilds when a score run finished that the current index has not seen. */
  async poll(): Promise<void> {
    if (this.stopped || this.inFlight) return;
    const latest = await this.repository.latestScoreRunId();
    if (latest !== (this.index?.scoreRunId ?? null)) await this.rebuild(`poll ${latest}`);
  }
}
