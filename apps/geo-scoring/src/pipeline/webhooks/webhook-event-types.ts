/** The events a webhook can subscribe to (see docs/geo-scoring/webhooks.md#events). */
export const WEBHOOK_EVENT_TYPES = [
  'score.changed',
  'permit.filed',
  'alert.triggered',
  'monitor.report',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent to every subscribed webhook: score.changed, permit.filed. */
export const GLOBAL_EVENT_TYPES: readonly WebhookEventType[] = ['score.changed', 'permit.filed'];

/** At most this many webhooks per owner. */
export const MAX_WEBHOOKS_PER_OWNER = 25;

/** After this many dead deliveries in a row, a webhook is disabled (`failing`). */
export const FAILING_AFTER_DEAD_DELIVERIES = 10;

/** `User-Agent` of every delivery. */
export const WEBHOOK_USER_AGENT = 'geo-scoring-webhooks/1';
