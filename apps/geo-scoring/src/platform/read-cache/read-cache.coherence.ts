import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { GeoScoringConfig } from '@platform/config';
import { CacheInvalidationBus, InvalidationEvent } from '@platform/redis';
import type Redis from 'ioredis';
import { READ_CACHE_BUS, READ_CACHE_KIND, readCacheChannel } from './read-cache.bus';
import { ReadCacheMetrics } from './read-cache.metrics';
import { ReadCacheStore } from './read-cache.store';

/** Injection token of the bus's dedicated SUBSCRIBE connection (the bus owns and closes it). */
export const READ_CACHE_SUBSCRIBER = Symbol('READ_CACHE_SUBSCRIBER');

/**
 * Keeps this replica's read cache coherent with the fleet: every invalidation message drops the
 * whole cache; so does an epoch gap or a counter that moved while disconnected (the bus's
 * checks). The cache is only used while the subscription is live: from a disconnect until the
 * channel is subscribed again it is empty and bypassed, so no message can be missed while an
 * answer is served from it.
 */
@Injectable()
export class ReadCacheCoherence implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ReadCache');
  private subscribed = false;

  constructor(
    @Inject(READ_CACHE_BUS) private readonly bus: CacheInvalidationBus,
    @Inject(READ_CACHE_SUBSCRIBER) private readonly subscriber: Redis,
    @Inject(ReadCacheStore) private readonly store: ReadCacheStore,
    @Inject(ReadCacheMetrics) private readonly metrics: ReadCacheMetrics,
    @Inject(GeoScoringConfig) private readonly config: GeoScoringConfig,
  ) {}

  /** Whether requests may be answered from (and fill) the cache right now. */
  get serving(): boolean {
    return this.config.READ_CACHE_ENABLED && this.subscribed;
  }

  onApplicationBootstrap(): void {
    this.bus.onInvalidation((event) => this.onEvent(event));
    this.subscriber.on('error', (error: Error) =>
      this.logger.warn({ err: error }, 'read cache subscriber error'),
    );
    for (const lost of ['close', 'reconnecting', 'end'] as const) {
      this.subscriber.on(lost, () => this.detach(`subscriber ${lost}`));
    }
    this.subscriber.on('ready', () => this.attach());
    // The bus subscribes too (and checks the epoch); subscribing twice is harmless.
    this.bus.start();
    if (this.subscriber.status === 'ready') this.attach();
  }

  async onApplicationShutdown(): Promise<void> {
    this.subscribed = false;
    await this.bus.stop();
  }

  private attach(): void {
    this.subscriber
      .subscribe(this.channel())
      .then(() => {
        // Anything filled before the subscription was live may have missed a message.
        this.store.clear();
        this.subscribed = this.subscriber.status === 'ready';
      })
      .catch((error: unknown) =>
        this.logger.warn({ err: error }, 'read cache subscribe failed; cache bypassed'),
      );
  }

  private detach(reason: string): void {
    if (!this.subscribed && this.store.size === 0) return;
    this.subscribed = false;
    this.store.clear();
    this.metrics.drops.inc({ reason: 'disconnected' });
    this.logger.warn({ reason }, 'read cache bypassed until the subscription is back');
  }

  private onEvent(event: InvalidationEvent): void {
    if (event.type === 'flush-all') {
      this.store.clear();
      this.metrics.drops.inc({ reason: event.reason });
      return;
    }
    if (event.message.kind !== READ_CACHE_KIND) return;
    this.store.clear();
    this.metrics.drops.inc({ reason: 'message' });
  }

  private channel(): string {
    return readCacheChannel(this.config.REDIS_PREFIX);
  }
}
