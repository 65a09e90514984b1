export { generateWebhookSecret, WEBHOOK_SECRET_PREFIX, webhookSigningKey } from './webhook-secret';
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
export { classifyAddress } from './outbound/address-policy';
export type { AddressClass } from './outbound/address-policy';
export type {
  AttemptOutcome,
  AttemptResult,
  DeadReason,
  DeliveryDecision,
} from './outbound/attempt-result';
export { clipText, MAX_STORED_BYTES } from './outbound/clip-text';
export { decideNext } from './outbound/decide-next';
export {
  createDeliveryWorker,
  DELIVERY_JOB_NAME,
  deliveryJobOptions,
  enqueueDeliveries,
  enqueueDeliveriesNow,
} from './outbound/delivery-queue';
export type { DeliveryWorkerOptions } from './outbound/delivery-queue';
export { DeliveryRunner, webhookTransport } from './outbound/delivery-runner';
export type {
  DeliveryRunnerOptions,
  DeliveryStep,
  DeliveryTransport,
} from './outbound/delivery-runner';
export type { AttemptRecord, DeliveryStore, PendingDelivery } from './outbound/delivery-store';
export { formatIpAddress, parseIpAddress } from './outbound/ip-address';
export { MicroBatcher } from './outbound/micro-batcher';
export type { MicroBatcherOptions } from './outbound/micro-batcher';
export type { IpAddress } from './outbound/ip-address';
export { PinnedAgents } from './outbound/pinned-agents';
export type { PinnedAgentsOptions } from './outbound/pinned-agents';
export {
  MAX_DELIVERY_ATTEMPTS,
  MAX_RETRY_AFTER_MS,
  parseRetryAfter,
  RETRY_DELAYS_MS,
  RetrySchedule,
} from './outbound/retry-schedule';
export type { RetryScheduleOptions } from './outbound/retry-schedule';
export { OutboundTargetGuard, systemResolver } from './outbound/target-guard';
export type {
  CheckedTarget,
  HostResolver,
  ResolvedAddress,
  TargetGuardOptions,
} from './outbound/target-guard';
export { MAX_TARGET_URL_LENGTH, parseTargetUrl } from './outbound/target-url';
export { UnsafeTargetError } from './outbound/unsafe-target-error';
export type { UnsafeTargetReason } from './outbound/unsafe-target-error';
export { WebhookSender } from './outbound/webhook-sender';
export type { OutboundWebhook, WebhookSenderOptions } from './outbound/webhook-sender';
