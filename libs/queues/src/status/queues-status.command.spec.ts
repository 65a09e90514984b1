import type { CommandIo } from '@platform/cli';
import { FixedClock } from '@platform/clock';
import { deleteRedisPrefix, testEnvironment, uniqueRedisPrefix, waitFor } from '@platform/testing';
import { Queue, Worker } from 'bullmq';
import Redis from 'ioredis';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { bullPrefix } from '../bull-prefix';
import { createQueuesStatusCommand } from './queues-status.command';
import { formatAge } from './status-table';

const redisUrl = testEnvironment().TEST_REDIS_URL;
const NOW = new Date('2026-03-31T12:00:00.000Z');
const secondsBefore = (s: number): number => NOW.getTime() - s * 1000;
const status = createQueuesStatusCommand(new FixedClock(NOW));

function capture(): CommandIo & { outLines: string[]; errLines: string[] } {
  const outLines: string[] = [];
  const errLines: string[] = [];
  return { outLines, errLines, out: (l) => outLines.push(l), err: (l) => errLines.push(l) };
}

describe('queues status (real Redis)', () => {
  // A maritime-like service under this file's own prefix.
  const prefix = uniqueRedisPrefix('mar:');
  const env = { REDIS_URL: redisUrl, REDIS_PREFIX: prefix };
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const opened: Queue[] = [];
  const queue = (name: string, under = bullPrefix(prefix)): Queue => {
    const created = new Queue(name, { connection, prefix: under });
    opened.push(created);
    return created;
  };

  beforeAll(async () => {
    const deliveries = queue('alert-deliveries');
    const failing = await deliveries.add('deliver', {});
    const worker = new Worker(
      'alert-deliveries',
      async () => {
        throw new Error('receiver said 500');
      },
      { connection: connection.duplicate(), prefix: bullPrefix(prefix) },
    );
    await waitFor(async () => (await failing.getState()) === 'failed', 10_000, 'the failure');
    await worker.close();
    await worker.disconnect();
    await deliveries.add('deliver', {}, { timestamp: secondsBefore(252) });
    await deliveries.add('deliver', {}, { timestamp: secondsBefore(20) });
    await deliveries.add('deliver', {}, { delay: 60_000 });
    await queue('alert-deliveries-dlq').add('deliver', {}, { timestamp: secondsBefore(7380) });
    queue('ais-derive');
    // Another file's queues under a longer prefix are not this service's.
    await queue('elsewhere', `${bullPrefix(prefix)}:t:0000`).add('x', {});
    await Promise.all(opened.map((q) => q.waitUntilReady()));
    await waitFor(
      async () => (await connection.exists(`${bullPrefix(prefix)}:ais-derive:meta`)) === 1,
    );
  });

  afterAll(async () => {
    await Promise.all(opened.map((q) => q.close()));
    connection.disconnect();
    await deleteRedisPrefix(redisUrl, prefix);
  });

  it('prints a table of every queue of the service, dead-letter queue included', async () => {
    const io = capture();
    expect(await status.run(['--service', 'maritime'], env, io)).toBe(0);
    expect(io.errLines).toEqual([]);
    expect(io.outLines).toEqual([
      `maritime (Redis prefix ${prefix})`,
      '  QUEUE                 WAITING  PRIORITIZED  ACTIVE  DELAYED  FAILED  DEAD-LETTERED  OLDEST WAITING',
      '  ais-derive                  0            0       0        0       0              0               -',
      '  alert-deliveries            2            0       0        1       1              1          4m 12s',
      '  alert-deliveries-dlq        1            0       0        0       0              -           2h 3m',
    ]);
  });

  it('prints the same numbers as JSON', async () => {
    const io = capture();
    expect(await status.run(['--service', 'maritime', '--json'], env, io)).toBe(0);
    expect(JSON.parse(io.outLines.join('\n'))).toEqual({
      services: [
        {
          service: 'maritime',
          prefix,
          queues: [
            {
              queue: 'ais-derive',
              waiting: 0,
              prioritized: 0,
              active: 0,
              delayed: 0,
              failed: 0,
              dead_lettered: 0,
              oldest_waiting_age_seconds: 0,
            },
            {
              queue: 'alert-deliveries',
              waiting: 2,
              prioritized: 0,
              active: 0,
              delayed: 1,
              failed: 1,
              dead_lettered: 1,
              oldest_waiting_age_seconds: 252,
            },
            {
              queue: 'alert-deliveries-dlq',
              waiting: 1,
              prioritized: 0,
              active: 0,
              delayed: 0,
              failed: 0,
              dead_lettered: null,
              oldest_waiting_age_seconds: 7380,
            },
          ],
        },
      ],
    });
  });

  it('reads both services under their own prefixes by default', async () => {
    const io = capture();
    expect(await status.run(['--json'], { REDIS_URL: redisUrl }, io)).toBe(0);
    const printed = JSON.parse(io.outLines.join('\n')) as {
      services: { service: string; prefix: string }[];
    };
    expect(printed.services.map((s) => [s.service, s.prefix])).toEqual([
      ['geo-scoring', 'geo:'],
      ['maritime', 'mar:'],
    ]);
  });

  it('answers 2 for bad arguments and settings', async () => {
    const cases: [string[], Record<string, string>, RegExp][] = [
      [['--service', 'proxy-admin'], env, /--service must be one of geo-scoring, maritime/],
      [[], env, /REDIS_PREFIX is one service's prefix: name it with --service/],
      [['--verbose'], env, /Unknown option '--verbose'/],
      [['--service', 'maritime'], { REDIS_URL: 'http://redis' }, /REDIS_URL: must be a redis/],
    ];
    for (const [args, settings, message] of cases) {
      const io = capture();
      expect(await status.run(args, settings, io)).toBe(2);
      expect(io.errLines.join('\n')).toMatch(message);
      expect(io.errLines.join('\n')).toContain('usage: npm run tools -- queues status');
    }
  });

  it('answers 1 when Redis cannot be reached, naming its host but never its password', async () => {
    const io = capture();
    const unreachable = { REDIS_URL: 'redis://:hunter2-secret@127.0.0.1:1' };
    expect(await status.run(['--service', 'maritime'], unreachable, io)).toBe(1);
    expect(io.errLines).toEqual([
      expect.stringMatching(/^queues status: Redis at 127\.0\.0\.1:1 is unreachable: /),
    ]);
    expect(io.errLines.join('\n')).not.toContain('hunter2');
    expect(io.outLines).toEqual([]);
  });

  it('runs as `npm run tools -- queues status`', () => {
    const root = path.resolve(__dirname, '../../../..');
    const run = spawnSync(
      process.execPath,
      ['tools/cli.mjs', 'queues', 'status', '--service', 'maritime', '--json'],
      { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const printed = JSON.parse(run.stdout) as {
      services: { queues: { queue: string; waiting: number; failed: number }[] }[];
    };
    expect(printed.services[0]?.queues.map((q) => [q.queue, q.waiting, q.failed])).toEqual([
      ['ais-derive', 0, 0],
      ['alert-deliveries', 2, 1],
      ['alert-deliveries-dlq', 1, 0],
    ]);
  });
});

describe('formatAge', () => {
  it('reads like a person would say it', () => {
    expect([0, 42, 252, 7380, 3 * 86_400 + 4 * 3600 + 59].map(formatAge)).toEqual([
      '-',
      '42s',
      '4m 12s',
      '2h 3m',
      '3d 4h',
    ]);
  });
});
