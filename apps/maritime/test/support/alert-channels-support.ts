import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import type { Plan } from '@platform/maritime-domain';
import {
  expectErrorBody,
  fetchJson,
  harnessForFile,
  JsonReply,
  startWebhookReceiver,
  WebhookReceiver,
} from '@platform/testing';
import { SMTPServer } from 'smtp-server';
import type { DataSource } from 'typeorm';
import { AlertDeliveryOutbound } from '../../src/pipeline/alert-delivery/alert-delivery-outbound';
import { ApiKeysService } from '../../src/platform/api-keys/api-keys.service';
import { MaritimeHarness, startMaritime } from './maritime-harness';

/** The channel encryption key of these tests (base64 of 32 bytes). */
export const TEST_CHANNEL_KEY = Buffer.alloc(32, 11).toString('base64');
export const TEST_SMTP_FROM = 'Maritime alerts <alerts@maritime.test>';

/** One message the SMTP sink accepted: the envelope and the raw RFC 5322 text. */
export interface ReceivedMail {
  from: string | null;
  to: string[];
  raw: string;
}

export interface SmtpSink {
  port: number;
  messages: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 that records every message. A recipient whose local part
 * starts with `reject` is refused with 550, like a mailbox that does not exist.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('reject')) {
        const error = Object.assign(new Error('5.1.1 mailbox unavailable'), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mailFrom = session.envelope.mailFrom;
        messages.push({
          from: mailFrom === false ? null : mailFrom.address,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A header of a raw message, unfolded (`Subject`, `From`, …); null when absent. */
export function mailHeader(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line === undefined ? null : line.slice(name.length + 1).trim();
}

/** The raw message with quoted-printable soft line breaks and `=3D` undone (good enough to search). */
export function mailText(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

export interface ChannelsWorld {
  readonly harness: MaritimeHarness;
  readonly receiver: WebhookReceiver;
  readonly smtp: SmtpSink;
  readonly db: DataSource;
  readonly app: INestApplication;
  readonly url: string;
  get<T = Record<string, unknown>>(path: string, key?: string): Promise<JsonReply<T>>;
  send<T = Record<string, unknown>>(
    method: string,
    path: string,
    body: unknown,
    key?: string,
  ): Promise<JsonReply<T>>;
  mintKey(plan: Plan, owner: string): Promise<string>;
}

/** The settings that point maritime at its alerting peers (local addresses allowed). */
export function channelPeerEnv(receiver: WebhookReceiver, smtp: SmtpSink): Record<string, string> {
  return {
    ALLOW_PRIVATE_TARGETS: 'true',
    CHANNEL_ENCRYPTION_KEY: TEST_CHANNEL_KEY,
    SLACK_WEBHOOK_BASE: `${receiver.url}/slack/`,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    SMTP_FROM: TEST_SMTP_FROM,
  };
}

/** maritime with its alerting peers, and how to stop all three. */
export interface ChannelPeers {
  harness: MaritimeHarness;
  receiver: WebhookReceiver;
  smtp: SmtpSink;
  close(): Promise<void>;
}

/**
 * maritime with its alerting peers: an HTTPS receiver (its CA trusted by every replica's pinned
 * connections) that is also the Slack webhook base, and an SMTP sink behind SMTP_URL. `env`
 * adds to (or overrides) the alerting settings.
 */
export async function startWithChannelPeers(
  env: Record<string, string> = {},
): Promise<ChannelPeers> {
  const receiver = await startWebhookReceiver();
  const smtp = await startSmtpSink();
  const harness = await startMaritime({ env: { ...channelPeerEnv(receiver, smtp), ...env } });
  for (const instance of harness.instances)
    instance.app.get(AlertDeliveryOutbound).agents.trustCertificateAuthorities([receiver.ca]);
  return {
    harness,
    receiver,
    smtp,
    close: async () => {
      await harness.close();
      await Promise.all([receiver.close(), smtp.close()]);
    },
  };
}

/** maritime with its alerting peers for one test file (see startWithChannelPeers). */
export function channelsWorldForFile(env: Record<string, string> = {}): ChannelsWorld {
  const file = harnessForFile<ChannelPeers>(() => startWithChannelPeers(env));
  const headers = (key?: string): Record<string, string> => (key ? { 'x-api-key': key } : {});
  const world: ChannelsWorld = {
    get harness() {
      return file.current.harness;
    },
    get receiver() {
      return file.current.receiver;
    },
    get smtp() {
      return file.current.smtp;
    },
    get db() {
      return file.current.harness.db;
    },
    get app() {
      return file.current.harness.instances[0]!.app;
    },
    get url() {
      return file.current.harness.instances[0]!.url;
    },
    get: (path, key) => fetchJson(`${world.url}${path}`, { headers: headers(key) }),
    send: (method, path, body, key) =>
      fetchJson(`${world.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...headers(key) },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    async mintKey(plan, owner) {
      const created = await world.app.get(ApiKeysService).create({
        ownerId: owner,
        plan,
        rateLimitPerMin: null,
      });
      return created.key;
    },
  };
  return world;
}

export const CHANNELS_PATH = '/api/v1/alerts/channels';

/** The stored row of a channel, as the database holds it. */
export async function channelRow(
  db: DataSource,
  owner: string,
  channel: string,
): Promise<{ config_enc: Buffer; config_key_id: string; enabled: boolean } | undefined> {
  const rows = (await db.query(
    'SELECT config_enc, config_key_id, enabled FROM alert_channels WHERE owner_id = $1 AND channel = $2',
    [owner, channel],
  )) as { config_enc: Buffer; config_key_id: string; enabled: boolean }[];
  return rows[0];
}

/** Asserts an error reply: its status and a `{ error, code }` body with that code. */
export function expectError(reply: JsonReply<unknown>, status: number, code: string): void {
  expect({ status: reply.status, code: (reply.body as { code?: unknown } | null)?.code }).toEqual({
    status,
    code,
  });
  expectErrorBody('code', reply.body, code);
}
