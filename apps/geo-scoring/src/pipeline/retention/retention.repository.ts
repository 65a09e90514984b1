import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** How long operational rows are kept (see docs/geo-scoring/jobs.md#partitions-and-retention). */
export const WEBHOOK_RETENTION_DAYS = 30;
export const DIAGNOSTICS_RETENTION_DAYS = 7;

/** Rows deleted per statement, so no delete holds its locks for long. */
const BATCH = 5000;

export interface RetentionResult {
  webhookAttempts: number;
  webhookDeliveries: number;
  webhookEvents: number;
  diagnosticsRuns: number;
}

/** The retention job's deletes, relative to `now` (the caller's clock). */
@Injectable()
export class RetentionRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async purge(now: Date): Promise<RetentionResult> {
    const webhookCutoff = daysBefore(now, WEBHOOK_RETENTION_DAYS);
    const diagnosticsCutoff = daysBefore(now, DIAGNOSTICS_RETENTION_DAYS);
    return {
      webhookAttempts: await this.deleteInBatches(
        `DELETE FROM webhook_delivery_attempts WHERE id IN (
           SELECT id FROM webhook_delivery_attempts WHERE attempted_at < $1 LIMIT ${BATCH})`,
        [webhookCutoff],
      ),
      // A delivery still being retried is kept whatever its age, and with it its event.
      webhookDeliveries: await this.deleteInBatches(
        `DELETE FROM webhook_deliveries WHERE id IN (
           SELECT id FROM webhook_deliveries
           WHERE created_at < $1 AND status NOT IN ('pending', 'retrying') LIMIT ${BATCH})`,
        [webhookCutoff],
      ),
      webhookEvents: await this.deleteInBatches(
        `DELETE FROM webhook_events WHERE id IN (
           SELECT e.id FROM webhook_events e
           WHERE e.created_at < $1
             AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id)
           LIMIT ${BATCH})`,
        [webhookCutoff],
      ),
      // A metro's current run is what the API serves, however old (its metro was not
      // refreshed since): never delete it. Rows of spatial_diagnostics go by cascade.
      diagnosticsRuns: await this.deleteInBatches(
        `DELETE FROM spatial_diagnostics_runs WHERE id IN (
           SELECT r.id FROM spatial_diagnostics_runs r
           WHERE r.computed_at < $1
             AND NOT EXISTS (SELECT 1 FROM metros m WHERE m.current_diag_run_id = r.id)
           LIMIT 20)`,
        [diagnosticsCutoff],
      ),
    };
  }

  private async deleteInBatches(sql: string, params: unknown[]): Promise<number> {
    let total = 0;
    for (;;) {
      const [, affected] = (await this.dataSource.query(sql, params)) as [unknown, number];
      total += affected;
      if (affected === 0) return total;
    }
  }
}

function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * 86_400_000);
}
