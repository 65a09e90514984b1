import { WEBHOOK_SECRET_PREFIX, webhookSigningKey, type WebhookSecret } from '@platform/webhooks';

// Raw secrets: printable ASCII, used as the HMAC key bytes as they are.
const RAW_SECRET = /^[\x20-\x7e]{16,256}$/;

/**
 * Why a subscriber's secret is refused, or null when it is fine. Two forms: `whsec_` + base64 of
 * 24 to 64 bytes (the Standard Webhooks form), or 16 to 256 printable ASCII characters used as the
 * key bytes themselves. A value starting with `whsec_` is always read as the first form.
 */
export function secretProblem(secret: string): string | null {
  if (secret.startsWith(WEBHOOK_SECRET_PREFIX)) {
    let bytes: number;
    try {
      bytes = webhookSigningKey(secret).length;
    } catch {
      return 'secret starting with whsec_ must continue with base64';
    }
    return bytes >= 24 && bytes <= 64 ? null : 'a whsec_ secret must encode 24 to 64 bytes';
  }
  return RAW_SECRET.test(secret)
    ? null
    : 'secret must be whsec_ + base64, or 16 to 256 printable ASCII characters';
}

/** The signing key of a stored secret, in the form it was given. */
export function signingSecret(secret: string): WebhookSecret {
  return secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret : Buffer.from(secret, 'utf8');
}
