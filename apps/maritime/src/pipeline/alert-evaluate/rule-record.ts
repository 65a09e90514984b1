import type { RuleAlertRecord } from '@platform/maritime-domain';

/** A unified alert as `unified_alerts` returns it, without any owner's state. */
export interface UnifiedAlertRecord {
  uid: string;
  source: string;
  product: string;
  severity: string;
  title: string;
  description: string;
  event_type: string;
  entity_id: string | null;
  occurred_at: Date;
  metadata: Record<string, unknown>;
}

/**
 * What a rule sees of an alert: the unified record before any severity_override. The dry-run
 * and the evaluation job both build it here, so a rule matches the same alerts in both.
 */
export function ruleRecord(row: UnifiedAlertRecord): RuleAlertRecord {
  return {
    product: row.product,
    severity: row.severity,
    source: row.source,
    event_type: row.event_type,
    entity_id: row.entity_id,
    metadata: row.metadata,
  };
}
