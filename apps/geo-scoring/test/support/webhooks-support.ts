import type { INestApplication } from '@nestjs/common';
import { fetchJson, JsonReply, waitFor, WebhookReceiver } from '@platform/testing';
import type { DataSource } from 'typeorm';
import { WebhookOutbound } from '../../src/pipeline/webhooks/webhook-outbound';
import { ApiKeysService } from '../../src/platform/api-keys/api-keys.service';

/** The secrets key of webhook tests (base64 of 32 bytes). */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');

/** The smallest schedule scale: the whole 28-hour retry schedule takes about one second. */
export const TEST_SCHEDULE_FACTOR = 0.00001;

/** A service that may call the receiver on 127.0.0.1, retrying on the tiny schedule. */
export const WEBHOOK_TEST_ENV: Record<string, string> = {
  ALLOW_PRIVATE_TARGETS: 'true',
  DELIVERY_SCHEDULE_FACTOR: String(TEST_SCHEDULE_FACTOR),
  SECRETS_ENCRYPTION_KEY: TEST_SECRETS_KEY,
};

/**
 * Makes an in-process replica trust the receiver's test CA (Node reads NODE_EXTRA_CA_CERTS only
 * at process start, so the CA goes to the replica's pinned connections instead).
 */
export function trustReceiver(app: INestApplication, receiver: WebhookReceiver): void {
  app.get(WebhookOutbound).agents.trustCertificateAuthorities([receiver.ca]);
}

/** A fresh API key of `ownerId`. */
export async function apiKeyOf(app: INestApplication, ownerId: string): Promise<string> {
  return (await app.get(ApiKeysService).create({ ownerId, name: 'webhook tests' })).key;
}

/** Calls /api/v1/webhooks of `baseUrl` with an API key. */
export function webhooksClient(baseUrl: string, key: string) {
  const call = <T>(method: string, query = '', body?: unknown): Promise<JsonReply<T>> =>
    fetchJson<T>(`${baseUrl}/api/v1/webhooks${query}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    create: <T = Record<string, unknown>>(body: unknown) => call<T>('POST', '', body),
    list: <T = { webhooks: Record<string, unknown>[] }>(query = '') => call<T>('GET', query),
    remove: <T = Record<string, unknown>>(query: string) => call<T>('DELETE', query),
    update: <T = Record<string, unknown>>(query: string, body: unknown) =>
      call<T>('PATCH', query, body),
  };
}

export interface DeliveryState {
  id: string;
  webhook_id: string;
  event_id: string;
  status: string;
  attempts: number;
  dead_reason: string | null;
}

/** The deliveries of a webhook, oldest first. */
export function deliveriesOf(db: DataSource, webhookId: string): Promise<DeliveryState[]> {
  return db.query(
    `SELECT id, webhook_id, event_id, status, attempts, dead_reason FROM webhook_deliveries
     WHERE webhook_id = $1 ORDER BY id`,
    [webhookId],
  );
}

/** Waits until every delivery of the webhook is in one of `statuses` (and there is at least one). */
export async function waitForDeliveries(
  db: DataSource,
  webhookId: string,
  statuses: readonly string[],
  timeoutMs = 20_000,
): Promise<DeliveryState[]> {
  let deliveries: DeliveryState[] = [];
  await waitFor(
    async () => {
      deliveries = await deliveriesOf(db, webhookId);
      return deliveries.length > 0 && deliveries.every((d) => statuses.includes(d.status));
    },
    timeoutMs,
    `deliveries of ${webhookId} to be ${statuses.join(' or ')}`,
  );
  return deliveries;
}

export interface AttemptRow {
  attempt_no: number;
  status_code: number | null;
  outcome: string;
  error: string | null;
  response_excerpt: string | null;
}

export function attemptsOf(db: DataSource, deliveryId: string): Promise<AttemptRow[]> {
  return db.query(
    `SELECT attempt_no, status_code, outcome, error, response_excerpt
     FROM webhook_delivery_attempts WHERE delivery_id = $1 ORDER BY attempt_no, id`,
    [deliveryId],
  );
}
