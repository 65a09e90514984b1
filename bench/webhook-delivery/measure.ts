// bench/webhook-delivery measurement (run by run.mjs through swc). geo-scoring runs in this
// process on a scratch database and its own Redis prefix, with its delivery worker; the receiver
// is another process. End to end = from the outbox transaction that writes N deliveries to the
// moment every one is recorded succeeded. Baseline = a bare loop of N signed undici POSTs of a
// body of the same size to the same receiver, one after the other, with nothing else: no database,
// no queue; the same loop run as many at a time as the worker runs is reported beside it. Rounds
// alternate, medians are reported, and the CPU each phase used per delivery is read from /proc,
// which a busy neighbour on the machine disturbs far less than the wall time.
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import Redis from 'ioredis';
import { Client } from 'pg';
import { DataSource } from 'typeorm';

import { GeoScoringConfig, loadConfig } from '@platform/config';
import { quoteIdentifier, runMigrations, withDatabase } from '@platform/database';
import { deleteRedisPrefix } from '@platform/testing';
import { generateWebhookSecret } from '@platform/webhooks';
import { WebhooksService } from '../../apps/geo-scoring/src/api/webhooks/webhooks.service';
import { createApp } from '../../apps/geo-scoring/src/create-app';
import { DELIVERY_CONCURRENCY } from '../../apps/geo-scoring/src/jobs/webhook-deliveries/webhook-delivery.worker';
import { migrations } from '../../apps/geo-scoring/src/migrations';
import { WebhookOutbound } from '../../apps/geo-scoring/src/pipeline/webhooks/webhook-outbound';
import { WebhookOutboxRepository } from '../../apps/geo-scoring/src/pipeline/webhooks/webhook-outbox.repository';
import { type BenchReceiver, signedPostLoop, startBenchReceiver } from '../lib/https-receiver';
import { cpuBetween, CpuSample, sampleCpu } from './cpu-time';

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** A monitor.report of a realistic size. */
function reportData(i: number): Record<string, unknown> {
  return {
    portfolio_id: '6f1c2a9e-3b7d-4c1a-9e8f-0a1b2c3d4e5f',
    portfolio_name: `Portfolio ${i}`,
    refreshed_at: '2026-03-31T23:59:59.000Z',
    member_count: 12,
    scored_count: 11,
    composite_score: 64,
    above_threshold_count: 4,
    below_threshold_count: 7,
    movers: [
      {
        member_id: 'a1b2c3d4-0000-4000-8000-000000000001',
        name: 'Depot',
        previous_score: 71.2,
        score: 66.4,
      },
    ],
  };
}

interface Phase {
  ms: number;
  cpu: CpuSample;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { deliveries: { type: 'string' }, rounds: { type: 'string' } },
  });
  const n = Number(values.deliveries ?? 5000);
  const rounds = Number(values.rounds ?? 3);
  const server = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisPrefix = `geo:bench:${process.pid}:`;
  const name = `bench_webhooks_${process.pid}`;
  const admin = new Client({ connectionString: withDatabase(server, 'postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${quoteIdentifier(name)}`);
  const url = withDatabase(server, name);
  let receiver: BenchReceiver | undefined;
  try {
    await runMigrations({ url, migrations, applicationName: 'bench-webhooks' });
    const peer = await startBenchReceiver();
    receiver = peer;
    const target = `${peer.url}/hooks`;

    const config = loadConfig(GeoScoringConfig, {
      DATABASE_URL: url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
      ALLOW_PRIVATE_TARGETS: 'true',
      RATE_LIMITS_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    });
    const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
    const app = await createApp(config, { logDestination: quiet });
    app.get(WebhookOutbound).agents.trustCertificateAuthorities([peer.ca]);
    await app.init();
    const secret = generateWebhookSecret();
    const webhook = await app
      .get(WebhooksService)
      .create('bench', { url: target, events: ['monitor.report'], secret });
    const outbox = app.get(WebhookOutboxRepository);
    const db = app.get(DataSource);

    const redis = new Redis(redisUrl);
    const redisPid = Number(/process_id:(\d+)/.exec(await redis.info('server'))?.[1] ?? 0);
    redis.disconnect();
    const processes = async (): Promise<Record<string, number[]>> => ({
      'this process (service or client)': [process.pid],
      receiver: [peer.pid],
      postgres: (
        (await admin.query('SELECT pid FROM pg_stat_activity WHERE datname = $1', [name])).rows as {
          pid: number;
        }[]
      ).map((row) => row.pid),
      redis: [redisPid],
    });
    const measured = async (work: () => Promise<void>): Promise<Phase> => {
      const pids = await processes();
      const before = sampleCpu(pids);
      const started = performance.now();
      await work();
      const ms = performance.now() - started;
      return { ms, cpu: cpuBetween(before, sampleCpu(pids)) };
    };
    let received = 0;

    const endToEnd = (count: number): Promise<Phase> =>
      measured(async () => {
        const acknowledged = peer.until(received + count);
        const payloads = Array.from({ length: count }, (_, i) => reportData(i));
        await outbox.emit('monitor.report', 'bench', payloads);
        await acknowledged;
        // Every answer is in; wait for the last attempts to be recorded (through the index of
        // open deliveries, so the poll itself costs next to nothing).
        for (;;) {
          const [row] = (await db.query(
            `SELECT EXISTS (SELECT 1 FROM webhook_deliveries
               WHERE status IN ('pending', 'retrying') AND webhook_id = $1) AS open`,
            [webhook.id],
          )) as { open: boolean }[];
          if (row?.open === false) break;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        received += count;
      });

    const body = JSON.stringify({
      id: 'evt_01JD2Q7ZB4X8K3M9N5P6R7S8T9',
      type: 'monitor.report',
      created_at: '2026-03-31T23:59:59.000Z',
      data: reportData(0),
    });
    const loop = signedPostLoop({
      target,
      ca: peer.ca,
      body,
      secret,
      messageId: (i) => `evt_bare_${i}`,
    });
    const bareLoop = (count: number, concurrency: number): Promise<Phase> =>
      measured(async () => {
        await loop.run(count, concurrency);
        received += count;
      });

    await bareLoop(500, 1);
    await bareLoop(500, DELIVERY_CONCURRENCY);
    await endToEnd(500);
    const bare: Phase[] = [];
    const bareConcurrent: Phase[] = [];
    const e2e: Phase[] = [];
    for (let round = 0; round < rounds; round += 1) {
      bare.push(await bareLoop(n, 1));
      bareConcurrent.push(await bareLoop(n, DELIVERY_CONCURRENCY));
      e2e.push(await endToEnd(n));
    }
    await app.close();
    await loop.close();

    const rate = (phases: Phase[]): number => n / (median(phases.map((p) => p.ms)) / 1000);
    const cpuPer = (phases: Phase[], group: string): string =>
      (median(phases.map((p) => p.cpu[group] ?? 0)) / n).toFixed(3);
    const c = DELIVERY_CONCURRENCY;
    console.log(`webhook-delivery: ${n} deliveries per round, ${rounds} rounds (medians)`);
    console.log(
      `  end to end (outbox → 2xx → recorded), worker x${c}: ${rate(e2e).toFixed(0)} deliveries/s`,
    );
    console.log(
      `  bare loop of signed undici POSTs:                ${rate(bare).toFixed(0)} requests/s`,
    );
    console.log(
      `  the same loop, x${c} at a time:                   ${rate(bareConcurrent).toFixed(0)} requests/s`,
    );
    console.log(`  CPU ms per delivery              end to end   bare loop   bare x${c}`);
    for (const group of Object.keys(e2e[0]?.cpu ?? {})) {
      console.log(
        `    ${group.padEnd(32)} ${cpuPer(e2e, group).padStart(10)} ${cpuPer(bare, group).padStart(11)} ${cpuPer(bareConcurrent, group).padStart(10)}`,
      );
    }
    console.log(
      `ratio: ${(rate(e2e) / rate(bare)).toFixed(3)} of the bare loop's rate (${(rate(e2e) / rate(bareConcurrent)).toFixed(3)} of the concurrent loop's)`,
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
