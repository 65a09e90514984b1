import { FixedClock } from '@platform/clock';
import { deleteRedisPrefix, testEnvironment, uniqueRedisPrefix } from '@platform/testing';
import Redis from 'ioredis';
import { KeyLimits, LimitsService } from './limits.service';

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
});

function never(): never {
  throw new Error('expected an admitted verdict');
}
