import { createHmac } from 'node:crypto';
import { webhookSigningKey, WebhookSecret } from './webhook-secret';

/** Header names of the Standard Webhooks scheme (lower case, as Node presents incoming headers). */
export const WEBHOOK_ID_HEADER = 'webhook-id';
export const WEBHOOK_TIMESTAMP_HEADER = 'webhook-timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'webhook-signature';

/** The only signature scheme we produce and accept: HMAC-SHA256, base64. */
export const WEBHOOK_SIGNATURE_VERSION = 'v1';

/** A webhook body exactly as sent on the wire: sign and verify the raw bytes, never re-serialised JSON. */
export type WebhookBody = string | Uint8Array;

/**
 * Base64 HMAC-SHA256 of `"<id>.<timestamp>.<body>"` (Standard Webhooks; see
 * docs/decisions/0005-standard-webhooks-signing.md#decision), without the `v1,` prefix.
 */
export function computeWebhookSignature(
  id: string,
  timestampSeconds: number,
  body: WebhookBody,
  secret: WebhookSecret,
): string {
  return createHmac('sha256', webhookSigningKey(secret))
    .update(`${id}.${timestampSeconds}.`, 'utf8')
    .update(body)
    .digest('base64');
}
