import type { QueueRegistry } from '@platform/queues';
import { JOB_QUEUES } from '../job-queues';

/**
 * Requests taken within this window collapse into one job. Short, so an alert written while a
 * run is under way still gets a run of its own right after it rather than waiting for the
 * minute's scheduled run.
 */
const TRIGGER_COALESCE_MS = 2_000;

/**
 * Asks for an alert evaluation soon: called by the jobs that write alerts, once at their end. A
 * run reads everything new since the last one, so requests coalesce freely.
 */
export async function requestAlertEvaluation(queues: QueueRegistry): Promise<void> {
  await queues
    .queue(JOB_QUEUES.alertEvaluate)
    .add(
      'alerts-written',
      {},
      { deduplication: { id: 'alert-evaluate-requested', ttl: TRIGGER_COALESCE_MS } },
    );
}
