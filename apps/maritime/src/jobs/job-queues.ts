/**
 * maritime's queues. BullMQ forbids ':' in names, so the `mar` part is the BullMQ prefix
 * derived from REDIS_PREFIX and these bare names are the queues (`mar:risk-recompute:…`).
 */
export const JOB_QUEUES = {
  partitionsMaintain: 'partitions-maintain',
  sanctionsScreen: 'sanctions-screen',
  riskRecompute: 'risk-recompute',
  aisDerive: 'ais-derive',
  alertEvaluate: 'alert-evaluate',
  alertDeliveries: 'alert-deliveries',
  alertDeliveriesDlq: 'alert-deliveries-dlq',
} as const;

/** Schedules (cron, UTC), one job scheduler per queue; every replica registers them idempotently. */
export const JOB_SCHEDULES: readonly { queue: string; pattern: string }[] = [
  { queue: JOB_QUEUES.partitionsMaintain, pattern: '10 * * * *' },
  { queue: JOB_QUEUES.sanctionsScreen, pattern: '0 1 * * *' },
  { queue: JOB_QUEUES.riskRecompute, pattern: '0 3 * * *' },
  // A safety net: writers ask for a run themselves; this catches any request that was lost.
  { queue: JOB_QUEUES.alertEvaluate, pattern: '* * * * *' },
];
