import {
  BeforeApplicationShutdown,
  DynamicModule,
  Inject,
  Injectable,
  MiddlewareConsumer,
  Module,
  ModuleMetadata,
  NestModule,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Clock } from '@platform/clock';
import type { ServiceConfig } from '@platform/config';
import { AppMetrics, DrainState } from '@platform/http';
import { mountQueueBoard } from './board/queue-board';
import { JobDispatcher } from './job-dispatcher';
import { JobRunner } from './job-runner';
import { QueueRegistry } from './queue-registry';
import { QUEUES_OPTIONS, QueuesOptions } from './queues.options';

@Injectable()
class QueuesLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    @Inject(QueueRegistry) private readonly registry: QueueRegistry,
    @Inject(DrainState) private readonly drain: DrainState,
  ) {}

  // Every processor registered itself during module init, so all workers start together. A
  // replica told to drain stops taking jobs at once; the jobs it runs finish at close.
  onApplicationBootstrap(): void {
    this.registry.start();
    this.drain.onDrain(() => this.registry.stopTakingWork());
  }

  // Before the shutdown hooks that close PostgreSQL and the app's Redis: a running job finishes
  // with its connections still open.
  async beforeApplicationShutdown(): Promise<void> {
    await this.registry.close();
  }
}

export interface QueuesModuleAsyncOptions {
  imports?: ModuleMetadata['imports'];
  inject?: unknown[];
  useFactory: (...args: never[]) => QueuesOptions | Promise<QueuesOptions>;
}

/**
 * Provides QueueRegistry (queues, optional workers, schedulers), the JobRunner (recorded,
 * optionally locked runs) and the JobDispatcher that wires every @QueueProcessor to its queue.
 * With board options it also mounts the on-call queue board at /admin/queues; without them
 * nothing is mounted there.
 */
@Module({})
export class QueuesModule implements NestModule {
  constructor(
    @Inject(QUEUES_OPTIONS) private readonly options: QueuesOptions,
    @Inject(QueueRegistry) private readonly registry: QueueRegistry,
  ) {}

  configure(consumer: MiddlewareConsumer): void {
    if (this.options.board)
      mountQueueBoard(consumer, this.registry, this.options.service, this.options.board);
  }

  static forRootAsync(options: QueuesModuleAsyncOptions): DynamicModule {
    return {
      module: QueuesModule,
      imports: [DiscoveryModule, ...(options.imports ?? [])],
      providers: [
        {
          provide: QUEUES_OPTIONS,
          inject: options.inject as never[],
          useFactory: options.useFactory,
        },
        {
          provide: QueueRegistry,
          inject: [QUEUES_OPTIONS],
          useFactory: (queuesOptions: QueuesOptions) => new QueueRegistry(queuesOptions),
        },
        QueuesLifecycle,
        JobRunner,
        JobDispatcher,
      ],
      exports: [QueueRegistry, JobRunner, JobDispatcher],
    };
  }

  /**
   * The usual wiring for a service: its Redis and prefix, its name, QUEUE_WORKERS, queue gauges
   * on its metrics (ages by its clock), its shutdown timeout and the queue board (mounted when
   * QUEUE_BOARD_TOKEN is set), all read from the service's config class.
   */
  static forService(
    configClass: abstract new (...args: never[]) => ServiceConfig & { QUEUE_WORKERS: boolean },
    queues: readonly string[],
  ): DynamicModule {
    return QueuesModule.forRootAsync({
      inject: [configClass, AppMetrics, Clock],
      useFactory: (
        config: ServiceConfig & { QUEUE_WORKERS: boolean },
        metrics: AppMetrics,
        clock: Clock,
      ) => ({
        redisUrl: config.REDIS_URL,
        redisPrefix: config.REDIS_PREFIX,
        service: config.serviceName,
        workers: config.QUEUE_WORKERS,
        queues,
        metricsRegistry: metrics.registry,
        clock,
        shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
        board:
          config.QUEUE_BOARD_TOKEN === undefined
            ? undefined
            : { token: config.QUEUE_BOARD_TOKEN, readOnly: config.QUEUE_BOARD_READ_ONLY },
      }),
    });
  }
}
