import type { DeliveryMessage } from './delivery-message';

const EVENT_TYPES = new Set(['alert.matched', 'alert.watchlist', 'alert.test']);
const SEVERITIES = new Set(['critical', 'warning', 'info']);

/**
 * The message stored in a delivery's `payload`, checked enough that every payload builder can
 * render it, with its `id` set to the delivery's id (the webhook body's `id` and `webhook-id`:
 * a replay is a new delivery, so it carries its own). A string names what is wrong instead.
 */
export function readStoredMessage(payload: string, deliveryId: string): DeliveryMessage | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return 'the payload is not JSON';
  }
  if (!isObject(parsed)) return 'the payload is not an object';
  const { type, created_at: createdAt, alert, rule, vessel } = parsed;
  if (typeof type !== 'string' || !EVENT_TYPES.has(type))
    return 'payload.type is not an alert event';
  if (typeof createdAt !== 'string') return 'payload.created_at is missing';
  if (!isObject(alert)) return 'payload.alert is missing';
  for (const field of ['id', 'source', 'product', 'title', 'description', 'occurred_at']) {
    if (typeof alert[field] !== 'string') return `payload.alert.${field} is not a string`;
  }
  if (typeof alert['severity'] !== 'string' || !SEVERITIES.has(alert['severity'])) {
    return 'payload.alert.severity is not critical, warning or info';
  }
  if (!isObject(alert['metadata'])) return 'payload.alert.metadata is not an object';
  if (rule !== null && rule !== undefined && !isObject(rule))
    return 'payload.rule is not an object';
  if (vessel !== null && vessel !== undefined && !isObject(vessel)) {
    return 'payload.vessel is not an object';
  }
  return {
    ...(parsed as unknown as DeliveryMessage),
    id: deliveryId,
    rule: (rule ?? null) as DeliveryMessage['rule'],
    vessel: (vessel ?? null) as DeliveryMessage['vessel'],
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
