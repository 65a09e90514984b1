export { assertQueueName, bullPrefix } from './bull-prefix';
export { QueueRegistry } from './queue-registry';
export type { JobHandler, ProcessOptions, ScheduleSpec, ScheduleTemplate } from './queue-registry';
export { QueuesModule } from './queues.module';
export type { QueuesModuleAsyncOptions } from './queues.module';
export { QUEUES_OPTIONS } from './queues.options';
export type { QueuesOptions } from './queues.options';
