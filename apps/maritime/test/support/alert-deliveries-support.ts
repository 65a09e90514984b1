import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { JsonReply, waitFor, WebhookReceiver } from '@platform/testing';
import type { DataSource } from 'typeorm';
import { AlertDeliveryQueue } from '../../src/jobs/alert-deliveries/alert-delivery-queue';
import { AlertDeliveryOutbound } from '../../src/pipeline/alert-delivery/alert-delivery-outbound';
import {
  deliveryMessage,
  type DeliveryMessage,
} from '../../src/pipeline/alert-delivery/delivery-message';
import {
  CHANNELS_PATH,
  channelPeerEnv,
  ChannelsWorld,
  channelsWorldForFile,
  SmtpSink,
} from './alert-channels-support';

export const DELIVERIES_PATH = '/api/v1/alerts/deliveries';
export { CHANNELS_PATH } from './alert-channels-support';
/** The smallest schedule factor the config takes: the 7 scheduled waits add up to about 1 s. */
export const TINY_SCHEDULE_FACTOR = '0.00001';

/** A file's maritime with its alerting peers; see channelsWorldForFile. */
export type DeliveriesWorld = ChannelsWorld;

/** The environment of every delivery test: local peers allowed, a tiny retry schedule. */
export function deliveryEnv(receiver: WebhookReceiver, smtp: SmtpSink): Record<string, string> {
  return { ...channelPeerEnv(receiver, smtp), DELIVERY_SCHEDULE_FACTOR: TINY_SCHEDULE_FACTOR };
}

/** Lets a replica's pinned connections trust the receiver's test CA. */
export function trustReceiver(app: INestApplication, receiver: WebhookReceiver): void {
  app.get(AlertDeliveryOutbound).agents.trustCertificateAuthorities([receiver.ca]);
}

/**
 * maritime for one test file with its peers (an HTTPS receiver that is also the Slack base, an
 * SMTP sink) and the delivery worker on (QUEUE_WORKERS, unless `workers` is false).
 */
export function deliveriesWorldForFile(options: { workers?: boolean } = {}): DeliveriesWorld {
  return channelsWorldForFile({
    DELIVERY_SCHEDULE_FACTOR: TINY_SCHEDULE_FACTOR,
    QUEUE_WORKERS: options.workers === false ? 'false' : 'true',
  });
}

/** Configures a channel through the API (201 or 200 expected). */
export async function putChannel(
  world: {
    send(method: string, path: string, body: unknown, key?: string): Promise<JsonReply<unknown>>;
  },
  key: string,
  channel: string,
  config: Record<string, unknown>,
  enabled = true,
): Promise<void> {
  const reply = await world.send('PUT', CHANNELS_PATH, { channel, enabled, config }, key);
  if (reply.status !== 200 && reply.status !== 201) {
    throw new Error(`PUT channel ${channel}: ${reply.status} ${JSON.stringify(reply.body)}`);
  }
}

let alertCounter = 0;

/** A message as the alert evaluation stores it (the id is overwritten by the delivery's). */
export function sampleMessage(id: string, title = 'Dark event near Hormuz'): DeliveryMessage {
  alertCounter += 1;
  return deliveryMessage({
    id,
    type: 'alert.matched',
    createdAt: new Date('2026-03-31T12:00:00Z'),
    alert: {
      id: `dark_event:${alertCounter}`,
      source: 'dark_event',
      product: 'maritime',
      severity: 'warning',
      title,
      description: 'AIS silent for 7 h in a risk zone.',
      occurred_at: '2026-03-31T11:00:00.000Z',
      event_type: 'dark_event',
      metadata: { imo_number: '9074729', vessel_name: 'OCEAN SHADOW' },
    },
    rule: { id: 1, name: 'dark in zones', version: 2, severity_override: 'critical' },
    vessel: null,
  });
}

export interface NewDelivery {
  owner: string;
  channel: string;
  kind?: 'alert' | 'watchlist';
  payload?: unknown;
  createdAt?: Date;
}

/** Inserts pending deliveries the way the alert evaluation does; returns their ids in order. */
export async function insertDeliveries(
  db: DataSource,
  deliveries: readonly NewDelivery[],
): Promise<string[]> {
  const ids = deliveries.map(() => randomUUID());
  const messages = deliveries.map((d, i) => d.payload ?? sampleMessage(ids[i]!));
  await db.query(
    `INSERT INTO alert_deliveries (id, owner_id, channel, kind, alert_uid, status, payload,
       created_at, next_attempt_at)
     SELECT u.id, u.owner_id, u.channel, u.kind, (u.payload::jsonb) -> 'alert' ->> 'id',
       'pending', u.payload::jsonb, coalesce(u.created_at, now()), coalesce(u.created_at, now())
     FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[])
       AS u (id, owner_id, channel, kind, payload, created_at)`,
    [
      ids,
      deliveries.map((d) => d.owner),
      deliveries.map((d) => d.channel),
      deliveries.map((d) => d.kind ?? 'alert'),
      messages.map((m) => JSON.stringify(m)),
      deliveries.map((d) => d.createdAt ?? null),
    ],
  );
  return ids;
}

/** Inserts and enqueues (through the provider the alert evaluation uses). */
export async function createDeliveries(
  world: Pick<DeliveriesWorld, 'db' | 'app'>,
  deliveries: readonly NewDelivery[],
): Promise<string[]> {
  const ids = await insertDeliveries(world.db, deliveries);
  await world.app.get(AlertDeliveryQueue).enqueue(ids);
  return ids;
}

export interface DeliveryState {
  id: string;
  status: string;
  attempts: number;
  reason_code: string | null;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: Date | null;
}

export async function deliveryStates(db: DataSource, ids: readonly string[]) {
  return (await db.query(
    `SELECT id::text AS id, status, attempts, reason_code, last_status_code, last_error,
       next_attempt_at
     FROM alert_deliveries WHERE id = ANY ($1::uuid[]) ORDER BY array_position($1::uuid[], id)`,
    [ids],
  )) as DeliveryState[];
}

/** Waits until every delivery is in one of `statuses`; returns their states. */
export async function waitForStatus(
  db: DataSource,
  ids: readonly string[],
  statuses: readonly string[],
  timeoutMs = 20_000,
): Promise<DeliveryState[]> {
  let states: DeliveryState[] = [];
  await waitFor(
    async () => {
      states = await deliveryStates(db, ids);
      return states.length === ids.length && states.every((s) => statuses.includes(s.status));
    },
    timeoutMs,
    `${ids.length} deliveries to be ${statuses.join(' or ')}`,
  ).catch((error: unknown) => {
    throw new Error(`${String(error)}: ${JSON.stringify(states.slice(0, 5))}`);
  });
  return states;
}

export interface AttemptState {
  attempt_no: number;
  status_code: number | null;
  outcome: string;
  error: string | null;
}

export function attemptsOf(db: DataSource, id: string): Promise<AttemptState[]> {
  return db.query(
    `SELECT attempt_no, status_code, outcome, error FROM delivery_attempts
     WHERE delivery_id = $1 ORDER BY attempt_no`,
    [id],
  );
}
