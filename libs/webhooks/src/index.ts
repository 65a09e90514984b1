export { generateWebhookSecret, WEBHOOK_SECRET_PREFIX } from './webhook-secret';
export type { WebhookSecret } from './webhook-secret';
export {
  computeWebhookSignature,
  WEBHOOK_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_SIGNATURE_VERSION,
  WEBHOOK_TIMESTAMP_HEADER,
} from './webhook-signature';
export type { WebhookBody } from './webhook-signature';
export { signWebhook } from './sign-webhook';
export type { SignWebhookInput, WebhookSignatureHeaders } from './sign-webhook';
export { verifyWebhook, WEBHOOK_TOLERANCE_SECONDS } from './verify-webhook';
export type { VerifiedWebhook, VerifyWebhookInput, WebhookHeaders } from './verify-webhook';
export { WebhookVerificationError } from './webhook-verification-error';
export type { WebhookVerificationFailure } from './webhook-verification-error';
