import { randomBytes } from 'node:crypto';

/** Prefix of Standard Webhooks secrets: `whsec_<base64 key>`. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** Key length for new secrets; Standard Webhooks asks for 24 to 64 bytes. */
const GENERATED_KEY_BYTES = 32;

// Standard (not URL-safe) base64, padded or not, as Standard Webhooks libraries emit and accept.
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}(?:==)?|[A-Za-z0-9+/]{3}=?)?$/;

/**
 * A signing secret: the `whsec_<base64>` text (the prefix is optional, as in the reference
 * libraries), or the raw key bytes when a key was not issued in that form (for example a
 * secret a user typed into a channel form, passed as `Buffer.from(text, 'utf8')`).
 */
export type WebhookSecret = string | Uint8Array;

/** A fresh random secret in `whsec_<base64>` form, to show to the endpoint owner once. */
export function generateWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(GENERATED_KEY_BYTES).toString('base64')}`;
}

/**
 * The HMAC key behind a secret. A malformed secret is a configuration bug, so it throws a
 * TypeError rather than a verification failure (and never echoes the secret).
 */
export function webhookSigningKey(secret: WebhookSecret): Buffer {
  if (secret instanceof Uint8Array) {
    if (secret.length === 0) throw new TypeError('Webhook secret must not be empty');
    return Buffer.from(secret);
  }
  if (typeof secret !== 'string') {
    throw new TypeError('Webhook secret must be a whsec_ string or key bytes');
  }
  const encoded = secret.startsWith(WEBHOOK_SECRET_PREFIX)
    ? secret.slice(WEBHOOK_SECRET_PREFIX.length)
    : secret;
  if (encoded.length === 0 || !BASE64.test(encoded)) {
    throw new TypeError('Webhook secret must be "whsec_" followed by base64');
  }
  return Buffer.from(encoded, 'base64');
}
