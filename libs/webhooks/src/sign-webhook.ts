import { WebhookSecret } from './webhook-secret';
import {
  computeWebhookSignature,
  WEBHOOK_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_SIGNATURE_VERSION,
  WEBHOOK_TIMESTAMP_HEADER,
  WebhookBody,
} from './webhook-signature';

export interface SignWebhookInput {
  /** Message id, stable across retries of the same message so receivers can deduplicate. */
  id: string;
  /** Send time of this attempt: a Date or unix seconds. */
  timestamp: Date | number;
  /** The exact request body that will be sent. */
  body: WebhookBody;
  secret: WebhookSecret;
}

/**
 * The headers to add to a webhook request. A type alias, not an interface, so it is assignable to
 * plain header records (and so to `verifyWebhook`'s `headers`).
 */
export type WebhookSignatureHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

// Header values cannot carry control characters, and "." would blur the signed "<id>.<ts>." prefix.
const SAFE_MESSAGE_ID = /^[\x21-\x2d\x2f-\x7e]+$/;

/**
 * Signs one delivery attempt with the Standard Webhooks scheme. Sign each attempt anew: the
 * timestamp must be current, or the receiver refuses it as stale.
 */
export function signWebhook(input: SignWebhookInput): WebhookSignatureHeaders {
  const { id, body, secret } = input;
  if (typeof id !== 'string' || !SAFE_MESSAGE_ID.test(id)) {
    throw new TypeError('Webhook id must be non-empty printable ASCII without spaces or dots');
  }
  const timestampSeconds = toUnixSeconds(input.timestamp);
  const signature = computeWebhookSignature(id, timestampSeconds, body, secret);
  return {
    [WEBHOOK_ID_HEADER]: id,
    [WEBHOOK_TIMESTAMP_HEADER]: String(timestampSeconds),
    [WEBHOOK_SIGNATURE_HEADER]: `${WEBHOOK_SIGNATURE_VERSION},${signature}`,
  };
}

/** Whole unix seconds of a Date (rounded down, as the reference libraries do) or of a number. */
export function toUnixSeconds(time: Date | number): number {
  const seconds = time instanceof Date ? Math.floor(time.getTime() / 1000) : time;
  if (!Number.isSafeInteger(seconds) || seconds < 0) {
    throw new RangeError(
      'Webhook timestamp must be a valid Date or non-negative whole unix seconds',
    );
  }
  return seconds;
}
