import type { AlertRow, StateRow } from './alerts.repository';

/** A platform alert in the `/alerts` feed. */
export function platformAlertView(row: AlertRow): Record<string, unknown> {
  const vesselName = row.metadata['vessel_name'];
  return {
    id: row.uid,
    type: row.event_type,
    product: row.product,
    severity: row.severity,
    title: row.title,
    description: row.description,
    imo_number: row.imo,
    vessel_name: typeof vesselName === 'string' ? vesselName : null,
    occurred_at: row.occurred_at.toISOString(),
    state: row.state,
    acknowledged: row.state !== 'open',
    metadata: row.metadata,
  };
}

/** An alert of any source in the unified feed. */
export function unifiedAlertView(row: AlertRow): Record<string, unknown> {
  return {
    id: row.uid,
    source: row.source,
    product: row.product,
    severity: row.severity,
    title: row.title,
    description: row.description,
    event_type: row.event_type,
    entity_id: row.entity_id,
    occurred_at: row.occurred_at.toISOString(),
    state: row.state,
    metadata: row.metadata,
  };
}

export function stateView(row: StateRow): Record<string, unknown> {
  return {
    state: row.state,
    read_at: row.read_at?.toISOString() ?? null,
    resolved_at: row.resolved_at?.toISOString() ?? null,
    snoozed_until: row.snoozed_until?.toISOString() ?? null,
  };
}
