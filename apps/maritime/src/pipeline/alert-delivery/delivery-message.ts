/**
 * What one delivery says, independent of the channel: the alert (severity override already
 * applied), the rule that matched it, and the vessel. Every payload builder reads only this, so a
 * queued delivery, a replay and a test send render the same way.
 */

export type AlertSeverity = 'critical' | 'warning' | 'info';

/** Why a delivery exists; the webhook body's `type`. */
export type DeliveryEventType = 'alert.matched' | 'alert.watchlist' | 'alert.test';

export interface DeliveryAlert {
  /** Unified id `source:id` (a test uses `test:<delivery id>`). */
  id: string;
  source: string;
  product: string;
  severity: AlertSeverity;
  title: string;
  description: string;
  /** ISO 8601 UTC. */
  occurred_at: string;
  event_type: string;
  metadata: Record<string, unknown>;
}

export interface DeliveryRule {
  id: number;
  name: string;
  version: number;
}

export interface DeliveryVessel {
  imo_number: string;
  name: string;
  vessel_type: string;
  flag: string | null;
  risk_score: number | null;
  risk_tier: string | null;
}

export interface DeliveryMessage {
  /** The delivery id: the webhook body's `id` and its `webhook-id` header. */
  id: string;
  type: DeliveryEventType;
  /** ISO 8601 UTC: when the delivery was created. */
  created_at: string;
  alert: DeliveryAlert;
  rule: DeliveryRule | null;
  vessel: DeliveryVessel | null;
}

export interface DeliveryMessageInput {
  id: string;
  type: DeliveryEventType;
  createdAt: Date;
  alert: DeliveryAlert;
  rule?: (DeliveryRule & { severity_override?: AlertSeverity | null }) | null;
  vessel?: DeliveryVessel | null;
}

/** The message of one delivery, with the rule's severity override applied to the alert. */
export function deliveryMessage(input: DeliveryMessageInput): DeliveryMessage {
  const override = input.rule?.severity_override ?? null;
  return {
    id: input.id,
    type: input.type,
    created_at: input.createdAt.toISOString(),
    alert: override === null ? input.alert : { ...input.alert, severity: override },
    rule:
      input.rule === undefined || input.rule === null
        ? null
        : { id: input.rule.id, name: input.rule.name, version: input.rule.version },
    vessel: input.vessel ?? null,
  };
}

/**
 * The sample alert of a test send: an `info` alert about `vessel` (or about no vessel when the
 * database has none), so a receiver sees exactly the shape real alerts will have.
 */
export function testAlert(
  deliveryId: string,
  now: Date,
  vessel: DeliveryVessel | null,
): DeliveryAlert {
  const subject = vessel === null ? 'no vessel' : `${vessel.name} (IMO ${vessel.imo_number})`;
  return {
    id: `test:${deliveryId}`,
    source: 'platform',
    product: 'maritime',
    severity: 'info',
    title: `Test notification: ${subject}`,
    description:
      'This is a test notification sent from the alert channel settings. ' +
      'Real alerts arrive in this format when a rule or a watched vessel matches.',
    occurred_at: now.toISOString(),
    event_type: 'test',
    metadata:
      vessel === null
        ? {}
        : { imo_number: vessel.imo_number, vessel_name: vessel.name, test: true },
  };
}
