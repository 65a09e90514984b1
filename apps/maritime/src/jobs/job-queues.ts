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
  densityRefresh: 'density-refresh',
  routeFlowsRefresh: 'route-flows-refresh',
  destinationTrain: 'destination-train',
  reliabilityRecompute: 'reliability-recompute',
  forecastsIssue: 'forecasts-issue',
  voyageMetrics: 'voyage-metrics',
  congestionSnapshot: 'congestion-snapshot',
  riverLevelsCheck: 'river-levels-check',
} as const;

/** Schedules (cron, UTC), one job scheduler per queue; every replica registers them idempotently. */
export const JOB_SCHEDULES: readonly { queue: string; pattern: string }[] = [
  { queue: JOB_QUEUES.partitionsMaintain, pattern: '10 * * * *' },
  { queue: JOB_QUEUES.sanctionsScreen, pattern: '0 1 * * *' },
  { queue: JOB_QUEUES.densityRefresh, pattern: '0 2 * * *' },
  { queue: JOB_QUEUES.routeFlowsRefresh, pattern: '30 2 * * *' },
  { queue: JOB_QUEUES.riskRecompute, pattern: '0 3 * * *' },
  { queue: JOB_QUEUES.destinationTrain, pattern: '30 3 * * *' },
  { queue: JOB_QUEUES.reliabilityRecompute, pattern: '45 3 * * *' },
  { queue: JOB_QUEUES.forecastsIssue, pattern: '0 4 * * *' },
  // The sweep; completed voyages also ask for a run of their own.
  { queue: JOB_QUEUES.voyageMetrics, pattern: '30 4 * * *' },
  { queue: JOB_QUEUES.congestionSnapshot, pattern: '5 * * * *' },
  { queue: JOB_QUEUES.riverLevelsCheck, pattern: '0 6 * * *' },
  // A safety net: writers ask for a run themselves; this catches any request that was lost.
  { queue: JOB_QUEUES.alertEvaluate, pattern: '* * * * *' },
];
