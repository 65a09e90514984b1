export { withAdvisoryLock } from './advisory-lock';
export type { LockedResult } from './advisory-lock';
export { assertQueueName, bullPrefix } from './bull-prefix';
export { JobDispatcher } from './job-dispatcher';
export { JobRunner } from './job-runner';
export type { JobRunOptions } from './job-runner';
export { QueueProcessor } from './queue-processor';
export type { JobProcessor, QueueJob, QueueProcessorOptions } from './queue-processor';
export { QueueRegistry } from './queue-registry';
export type { JobHandler, ProcessOptions, ScheduleSpec, ScheduleTemplate } from './queue-registry';
export { QueuesModule } from './queues.module';
export type { QueuesModuleAsyncOptions } from './queues.module';
export { QUEUES_OPTIONS } from './queues.options';
export type { QueueBoardOptions, QueuesOptions } from './queues.options';
export { mountQueueBoard, QUEUE_BOARD_PATH } from './board/queue-board';
export {
  boardCredentialMatches,
  presentedBoardCredential,
  QUEUE_BOARD_CHALLENGE,
  requireBoardToken,
} from './board/queue-board-auth';
export { registerQueueMetrics, SCRAPE_TIMEOUT_MS } from './queue-metrics';
export type { QueueMetricsSource } from './queue-metrics';
export {
  deadLetterQueueName,
  isDeadLetterQueue,
  readQueueStats,
  statsRows,
  waitingSinceMs,
} from './queue-stats';
export type { QueueStats, QueueStatsRow } from './queue-stats';
export { createQueuesStatusCommand, queuesStatusCommand } from './status/queues-status.command';
