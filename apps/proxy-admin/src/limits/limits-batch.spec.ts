import { FixedClock } from '@platform/clock';
import {
  deleteRedisPrefix,
  startTcpProxy,
  testEnvironment,
  uniqueRedisPrefix,
  waitFor,
} from '@platform/testing';
import Redis from 'ioredis';
import { KeyLimits, LimitsService, LimitsUnavailableError } from './limits.service';

// Real Redis: the batch script is what keeps limits exact, so it is tested where it runs.
describe('LimitsService: admits and settles batched per event-loop pass', () => {
  const redisUrl = testEnvironment().TEST_REDIS_URL;
  const prefix = uniqueRedisPrefix('pa:');
  const clock = new FixedClock('2026-03-10T12:00:00Z');
  let redis: Redis;
  let limits: LimitsService;

  beforeAll(async () => {
    redis = new Redis(redisUrl, { keyPrefix: prefix, enableAutoPipelining: true });
    await redis.ping();
    limits = new LimitsService(redis, clock);
  });
  afterAll(async () => {
    redis.disconnect();
    await deleteRedisPrefix(redisUrl, prefix);
  });

  const key = (keyId: string, extra: Partial<KeyLimits> = {}): KeyLimits => ({
    keyId,
    rpm: null,
    tpm: null,
    monthlyBudgetMicroUsd: null,
    ...extra,
  });

  it('admits exactly rpm of many admits sent in one call, in the order they were made', async () => {
    const verdicts = await Promise.all(
      Array.from({ length: 25 }, () => limits.admit(key('rpm-key', { rpm: 10 }), 1, 0)),
    );
    expect(verdicts.map((v) => v.admitted)).toEqual([
      ...Array<boolean>(10).fill(true),
      ...Array<boolean>(15).fill(false),
    ]);
    expect(verdicts[9]).toMatchObject({ requestsRemaining: 0 });
    expect(verdicts[10]).toMatchObject({ admitted: false, reason: 'rpm' });
  });

  it('holds tpm and budget exactly across two connections (replicas) admitting at once', async () => {
    const other = new Redis(redisUrl, { keyPrefix: prefix, enableAutoPipelining: true });
    try {
      await other.ping();
      const replicaB = new LimitsService(other, clock);
      const admitAll = (limited: KeyLimits, tokens: number, cost: number) =>
        Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            (i % 2 ? limits : replicaB).admit(limited, tokens, cost),
          ),
        );
      // 40 requests of 100 tokens each against tpm 1000: exactly 10 pass.
      const byTokens = await admitAll(key('two-replicas-tpm', { tpm: 1000 }), 100, 0);
      expect(byTokens.filter((v) => v.admitted)).toHaveLength(10);
      expect(byTokens.filter((v) => !v.admitted && v.reason === 'tpm')).toHaveLength(30);
      // 40 requests of 300 micro-USD against a budget of 2000: exactly 6 pass, 1800 reserved.
      const budget = key('two-replicas-budget', { tpm: 1000, monthlyBudgetMicroUsd: 2000 });
      const byBudget = await admitAll(budget, 10, 300);
      expect(byBudget.filter((v) => v.admitted)).toHaveLength(6);
      expect(byBudget.filter((v) => !v.admitted && v.reason === 'budget')).toHaveLength(34);
      expect(Number(await redis.get(`spend:two-replicas-budget:2026-03`))).toBe(1800);
    } finally {
      other.disconnect();
    }
  });

  it('runs a settle queued before an admit first, even within one call', async () => {
    const limited = key('settle-then-admit', { tpm: 100 });
    const first = await limits.admit(limited, 90, 0);
    expect(first.admitted).toBe(true);
    // Same pass: the settle gives 80 of the 90 tokens back, so the next 80-token admit fits.
    const settled = limits.settle(first.admitted ? first.reservation! : never(), 10, 0);
    const second = limits.admit(limited, 80, 0);
    await settled;
    expect(await second).toMatchObject({ admitted: true, tokensRemaining: 10 });
    // And the window read within that call saw the settle: a 20-token admit no longer fits.
    expect(await limits.admit(limited, 20, 0)).toMatchObject({ admitted: false, reason: 'tpm' });
  });

  it('refuses a revoked key in a batch and keeps counting the others', async () => {
    await limits.markRevoked('revoked-key');
    const [revoked, fine] = await Promise.all([
      limits.admit(key('revoked-key', { rpm: 5 }), 1, 0),
      limits.admit(key('fine-key', { rpm: 5 }), 1, 0),
    ]);
    expect(revoked).toEqual({ admitted: false, reason: 'revoked' });
    expect(fine).toMatchObject({ admitted: true, requestsRemaining: 4 });
  });

  it('gives back what an admit reserved when Redis answered after the deadline', async () => {
    const target = new URL(redisUrl);
    const stall = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    const slow = new Redis(`redis://127.0.0.1:${stall.port}`, { keyPrefix: prefix });
    try {
      await slow.ping();
      const replica = new LimitsService(slow, clock);
      const limited = key('late-admit', { tpm: 1000, monthlyBudgetMicroUsd: 10_000 });
      stall.hold();
      await expect(replica.admit(limited, 400, 3_000)).rejects.toBeInstanceOf(
        LimitsUnavailableError,
      );
      // The held call now reaches Redis and reserves; nobody will settle it, so it is given back.
      stall.release();
      const spend = (): Promise<string | null> => redis.get('spend:late-admit:2026-03');
      await waitFor(
        async () => (await spend()) === '0',
        5_000,
        'the late reservation to be given back',
      );
      expect(await redis.hget('rl2:tok:late-admit', 's')).toBe('0');
      // The whole budget and token window are there for the next request.
      expect(await limits.admit(limited, 1000, 10_000)).toMatchObject({ admitted: true });
    } finally {
      slow.disconnect();
      await stall.close();
    }
  });

  describe('sliding windows kept as a running sum', () => {
    // Each test moves its own clock; the windows are read at `now` as the script is told.
    const at = (iso: string) => new Date(iso);
    const windowOf = (keyId: string) => redis.hgetall(`rl2:req:${keyId}`);

    it('lets a request back in exactly when its second leaves the 60 s window', async () => {
      const limited = key('slide-rpm', { rpm: 3 });
      const t0 = Date.parse('2026-03-10T13:00:00Z');
      const admitAt = (ms: number) =>
        limits.admit(limited, 1, 0, at(new Date(t0 + ms).toISOString()));
      expect(await admitAt(0)).toMatchObject({ admitted: true, requestsRemaining: 2 });
      expect(await admitAt(20_000)).toMatchObject({ admitted: true, requestsRemaining: 1 });
      expect(await admitAt(40_000)).toMatchObject({ admitted: true, requestsRemaining: 0 });
      // Full until the first second (t0) leaves: Retry-After counts down to it.
      expect(await admitAt(59_000)).toMatchObject({
        admitted: false,
        reason: 'rpm',
        retryAfterSeconds: 1,
      });
      expect(await admitAt(50_000)).toMatchObject({ retryAfterSeconds: 10 });
      expect(await admitAt(60_000)).toMatchObject({ admitted: true, requestsRemaining: 0 });
      // The bucket of t0 was subtracted and dropped; the sum is the buckets still held.
      const held = await windowOf('slide-rpm');
      expect(held[String(t0 / 1000)]).toBeUndefined();
      expect(held['s']).toBe('3');
      expect(Object.keys(held).filter((f) => /^\d+$/.test(f))).toHaveLength(3);
    });

    it('starts afresh after an idle gap longer than the window, and after the key expired', async () => {
      const limited = key('slide-idle', { rpm: 2 });
      const t0 = Date.parse('2026-03-10T14:00:00Z');
      const admitAt = (ms: number) =>
        limits.admit(limited, 1, 0, at(new Date(t0 + ms).toISOString()));
      await admitAt(0);
      await admitAt(1_000);
      expect(await admitAt(2_000)).toMatchObject({
        admitted: false,
        reason: 'rpm',
        retryAfterSeconds: 58,
      });
      // Five minutes later (the key has not expired: its TTL runs on Redis's clock, not ours).
      expect(await admitAt(300_000)).toMatchObject({ admitted: true, requestsRemaining: 1 });
      expect((await windowOf('slide-idle'))['s']).toBe('1');
      await redis.del('rl2:req:slide-idle');
      expect(await admitAt(301_000)).toMatchObject({ admitted: true, requestsRemaining: 1 });
    });

    it('moves the sum with a settle, never below zero, and leaves slid-out seconds alone', async () => {
      const limited = key('slide-settle', { tpm: 1000 });
      const t0 = Date.parse('2026-03-10T15:00:00Z');
      const now = (ms: number) => at(new Date(t0 + ms).toISOString());
      const first = await limits.admit(limited, 600, 0, now(0));
      const reservation = first.admitted ? first.reservation! : never();
      // A settle larger than the reservation's refund empties the bucket, not more.
      await limits.settle(reservation, -5_000, 0, now(1_000));
      const tokens = await redis.hgetall('rl2:tok:slide-settle');
      expect([tokens[String(t0 / 1000)], tokens['s']]).toEqual(['0', '0']);
      expect(await limits.admit(limited, 1000, 0, now(2_000))).toMatchObject({
        admitted: true,
        tokensRemaining: 0,
      });
      // A settle for a second that already left the window changes nothing.
      const late = await limits.admit(limited, 0, 0, now(3_000));
      await limits.settle(late.admitted ? late.reservation! : never(), 50, 0, now(70_000));
      expect(await limits.admit(limited, 1000, 0, now(70_000))).toMatchObject({
        admitted: true,
        tokensRemaining: 0,
      });
    });

    it('agrees with a sum over the buckets after any mix of admits, settles and slides', async () => {
      const limited = key('slide-mix', { rpm: 1_000, tpm: 1_000_000 });
      const t0 = Date.parse('2026-03-10T16:00:00Z');
      let seed = 7;
      const next = () => (seed = (seed * 48_271) % 2_147_483_647);
      let ms = 0;
      for (let i = 0; i < 300; i += 1) {
        ms += next() % 3_000;
        const now = at(new Date(t0 + ms).toISOString());
        const verdict = await limits.admit(limited, next() % 500, 0, now);
        if (verdict.admitted && next() % 2 === 0) {
          await limits.settle(verdict.reservation!, next() % 700, 0, now);
        }
      }
      for (const suffix of ['req', 'tok']) {
        const held = await redis.hgetall(`rl2:${suffix}:slide-mix`);
        const buckets = Object.entries(held).filter(([f]) => /^\d+$/.test(f));
        const total = buckets.reduce((sum, [, v]) => sum + Number(v), 0);
        expect(Number(held['s'])).toBe(total);
        expect(buckets.every(([f]) => Number(f) >= Number(held['l']))).toBe(true);
      }
    });
  });
});

function never(): never {
  throw new Error('expected an admitted verdict');
}
