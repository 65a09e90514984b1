// bench/alert-rules deliveries part (run by run.mjs through swc). maritime runs in this process on
// a scratch database and its own Redis prefix, with its alert-delivery worker; the HTTPS receiver
// (bench/lib/https-receiver.mjs) is another process. End to end = from the INSERT of N
// pending webhook-channel deliveries (as the alert evaluation writes them) and their enqueue to
// the moment every one is recorded delivered. Baseline = a bare loop of N signed undici POSTs of
// a body of the same size to the same receiver, one at a time and as many at a time as the
// worker runs, in the same run. Rounds alternate; medians are reported.
//
//   node bench/alert-rules/run.mjs --deliveries [--count 5000] [--rounds 3]
// Goal (this machine, 2 cores): >= 1,000 deliveries/s end to end.
import { randomBytes, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { loadConfig, MaritimeConfig } from '@platform/config';
import { quoteIdentifier, runMigrations, withDatabase } from '@platform/database';
import { SecretBox } from '@platform/secrets';
import { deleteRedisPrefix } from '@platform/testing';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { createApp } from '../../apps/maritime/src/create-app';
import { AlertDeliveryQueue } from '../../apps/maritime/src/jobs/alert-deliveries/alert-delivery-queue';
import { DELIVERY_CONCURRENCY } from '../../apps/maritime/src/jobs/alert-deliveries/alert-delivery.worker';
import { migrations } from '../../apps/maritime/src/migrations';
import { AlertDeliveryOutbound } from '../../apps/maritime/src/pipeline/alert-delivery/alert-delivery-outbound';
import { channelConfigContext } from '../../apps/maritime/src/pipeline/alert-delivery/channel-config';
import { deliveryMessage } from '../../apps/maritime/src/pipeline/alert-delivery/delivery-message';
import { webhookBody } from '../../apps/maritime/src/pipeline/alert-delivery/payloads';
import { type BenchReceiver, signedPostLoop, startBenchReceiver } from '../lib/https-receiver';

const OWNER = 'bench-owner';
const SECRET = 'bench-delivery-secret-0123456789';

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

function arg(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

/** A realistic alert message (a rule match on a dark event), as the evaluation stores it. */
function message(id: string, i: number): Record<string, unknown> {
  return deliveryMessage({
    id,
    type: 'alert.matched',
    createdAt: new Date('2026-03-31T12:00:00Z'),
    alert: {
      id: `dark_event:${i}`,
      source: 'dark_event',
      product: 'maritime',
      severity: 'warning',
      title: `AIS gap of 7 h near Hormuz (${i})`,
      description: 'The vessel stopped transmitting for 7 h inside a monitored risk zone.',
      occurred_at: '2026-03-31T11:00:00.000Z',
      event_type: 'dark_event',
      metadata: { imo_number: '9074729', vessel_name: 'OCEAN SHADOW', gap_hours: 7 },
    },
    rule: { id: 12, name: 'dark events in zones', version: 3, severity_override: 'critical' },
    vessel: {
      imo_number: '9074729',
      name: 'OCEAN SHADOW',
      vessel_type: 'tanker',
      flag: 'PA',
      risk_score: 81.5,
      risk_tier: 'high',
    },
  }) as unknown as Record<string, unknown>;
}

async function main(): Promise<void> {
  const n = arg('count', 5000);
  const rounds = arg('rounds', 3);
  const server = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
  const redisPrefix = `mar:bench:${process.pid}:`;
  const name = `bench_alert_deliveries_${process.pid}`;
  const admin = new Client({ connectionString: withDatabase(server, 'postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${quoteIdentifier(name)}`);
  const url = withDatabase(server, name);
  let receiver: BenchReceiver | undefined;
  try {
    await runMigrations({ url, migrations, applicationName: 'bench-alert-deliveries' });
    const peer = await startBenchReceiver();
    receiver = peer;
    const target = `${peer.url}/alerts`;

    const config = loadConfig(MaritimeConfig, {
      DATABASE_URL: url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
      ALLOW_PRIVATE_TARGETS: 'true',
      LOG_LEVEL: 'warn',
      CHANNEL_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    });
    const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
    const app = await createApp(config, { logDestination: quiet });
    app.get(AlertDeliveryOutbound).agents.trustCertificateAuthorities([peer.ca]);
    await app.init();
    const db = app.get(DataSource);
    const sealed = app
      .get(SecretBox)
      .encrypt(
        JSON.stringify({ url: target, secret: SECRET }),
        channelConfigContext(OWNER, 'webhook'),
      );
    await db.query(
      `INSERT INTO alert_channels (owner_id, channel, enabled, config_enc, config_key_id)
       VALUES ($1, 'webhook', true, $2, $3)`,
      [OWNER, sealed.ciphertext, sealed.keyId],
    );
    const queue = app.get(AlertDeliveryQueue);
    let received = 0;
    let alerts = 0;

    const endToEnd = async (count: number): Promise<number> => {
      const ids = Array.from({ length: count }, () => randomUUID());
      const payloads = ids.map((id) => JSON.stringify(message(id, (alerts += 1))));
      const started = performance.now();
      const acknowledged = peer.until(received + count);
      await db.query(
        `INSERT INTO alert_deliveries (id, owner_id, channel, kind, alert_uid, status, payload)
         SELECT u.id, $3, 'webhook', 'alert', (u.payload::jsonb) -> 'alert' ->> 'id', 'pending',
           u.payload::jsonb
         FROM unnest($1::uuid[], $2::text[]) AS u (id, payload)`,
        [ids, payloads, OWNER],
      );
      await queue.enqueue(ids);
      await acknowledged;
      for (;;) {
        const [row] = (await db.query(
          `SELECT EXISTS (SELECT 1 FROM alert_deliveries WHERE owner_id = $1
             AND status IN ('pending', 'delivering', 'retrying')) AS open`,
          [OWNER],
        )) as { open: boolean }[];
        if (row?.open === false) break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      received += count;
      return performance.now() - started;
    };

    const loop = signedPostLoop({
      target,
      ca: peer.ca,
      body: webhookBody(message(randomUUID(), 0) as never),
      secret: Buffer.from(SECRET, 'utf8'),
      messageId: () => randomUUID(),
    });
    const bareLoop = async (count: number, concurrency: number): Promise<number> => {
      const started = performance.now();
      await loop.run(count, concurrency);
      received += count;
      return performance.now() - started;
    };

    await bareLoop(500, 1);
    await bareLoop(500, DELIVERY_CONCURRENCY);
    await endToEnd(500);
    const bare: number[] = [];
    const bareConcurrent: number[] = [];
    const e2e: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      bare.push(await bareLoop(n, 1));
      bareConcurrent.push(await bareLoop(n, DELIVERY_CONCURRENCY));
      e2e.push(await endToEnd(n));
    }
    await app.close();
    await loop.close();

    const rate = (ms: number[]): number => n / (median(ms) / 1000);
    const c = DELIVERY_CONCURRENCY;
    console.log(`alert deliveries: ${n} webhook deliveries per round, ${rounds} rounds (medians)`);
    console.log(
      `  end to end (INSERT → enqueue → signed POST → 2xx → recorded), worker x${c}: ${rate(e2e).toFixed(0)} deliveries/s`,
    );
    console.log(`  bare loop of signed undici POSTs:          ${rate(bare).toFixed(0)} requests/s`);
    console.log(
      `  the same loop, x${c} at a time:             ${rate(bareConcurrent).toFixed(0)} requests/s`,
    );
    console.log(
      `ratio: ${(rate(e2e) / rate(bare)).toFixed(3)} of the bare loop's rate (${(rate(e2e) / rate(bareConcurrent)).toFixed(3)} of the concurrent loop's); goal >= 1,000 deliveries/s: ${rate(e2e) >= 1000 ? 'met' : 'NOT met'}`,
    );
  } finally {
    receiver?.close();
    await deleteRedisPrefix(redisUrl, redisPrefix);
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
    await admin.end();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
