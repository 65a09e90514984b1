import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { MiddlewareConsumer } from '@nestjs/common';
import type { QueueRegistry } from '../queue-registry';
import { isDeadLetterQueue } from '../queue-stats';
import type { QueueBoardOptions } from '../queues.options';
import { requireBoardToken } from './queue-board-auth';

// The newest @bull-board/express (9.10.1) pins its own copy of @bull-board/api, so its adapter's
// types name that copy's classes. The adapter only holds the queue map and calls the handlers of
// the api that builds the board (the same pairing @bull-board/nestjs 9.10.2 makes): the two
// differ in name only.
type BoardServerAdapter = Parameters<typeof createBullBoard>[0]['serverAdapter'];

/** Where the board lives on the service that owns the queues. */
export const QUEUE_BOARD_PATH = '/admin/queues';

/**
 * Mounts bull-board at /admin/queues behind the board's token: every queue of the registry,
 * dead-letter queues included, read-only unless the options allow actions. It is plain Express
 * middleware, so the service's API guards, rate limits and OpenAPI document never see it.
 */
export function mountQueueBoard(
  consumer: MiddlewareConsumer,
  registry: QueueRegistry,
  service: string,
  options: QueueBoardOptions,
): void {
  const server = new ExpressAdapter();
  server.setBasePath(QUEUE_BOARD_PATH);
  createBullBoard({
    queues: registry.names().map(
      (name) =>
        new BullMQAdapter(registry.queue(name), {
          // bull-board refuses every action on a read-only queue (405), whatever the UI shows.
          readOnlyMode: options.readOnly,
          allowRetries: !options.readOnly,
          description: isDeadLetterQueue(name) ? 'dead-letter queue' : '',
        }),
    ),
    serverAdapter: server as unknown as BoardServerAdapter,
    options: { uiConfig: { boardTitle: `${service} queues`, hideDocsLink: true } },
  });
  consumer
    .apply(requireBoardToken(options.token), server.getRouter() as (...args: never[]) => void)
    .forRoutes(QUEUE_BOARD_PATH);
}
