import {
  PLAN_LIMITS,
  PLAN_NAMES,
  PLAN_TABLE,
  FEATURE_MINIMUM_PLANS,
  isPlan,
  planLimits,
} from './plans';
import type { Access, Plan } from './plans';
import {
  alertsLimit,
  canExport,
  clampLimit,
  densityLimit,
  effectiveRateLimit,
  historyStart,
  historyStartDay,
  isWithinHistory,
  meetsPlan,
  planRank,
} from './rules';

const NOW = new Date('2025-06-15T12:34:56.789Z');
const ACCESS: Access[] = ['anonymous', ...PLAN_NAMES];

function column<K extends keyof (typeof PLAN_LIMITS)['free']>(key: K) {
  return ACCESS.map((access) => PLAN_LIMITS[access][key]);
}

describe('the plan table', () => {
  it('holds each limit per access level (anonymous, free, starter, pro, supply_chain_risk, admin)', () => {
    expect(column('tier')).toEqual([
      'free',
      'free',
      'starter',
      'pro',
      'supply_chain_risk',
      'admin',
    ]);
    expect(column('requests_per_minute')).toEqual([60, 60, 600, 6_000, 20_000, 60_000]);
    expect(column('history_days')).toEqual([7, 7, 30, null, null, null]);
    expect(column('density_cap')).toEqual([20, 20, 100, 500, 500, 10_000]);
    expect(column('alerts_limit_cap')).toEqual([null, 20, 50, 100, 200, 500]);
    expect(column('export_rows')).toEqual([0, 0, 1_000, 10_000, 10_000, 100_000]);
    expect(column('webhook_channels')).toEqual([false, false, false, true, true, true]);
    expect(column('dark_fleet')).toEqual([false, false, false, false, true, true]);
    expect(column('priority_sync_delay_minutes')).toEqual([15, 15, 15, 0, 0, 0]);
  });

  it('lists the table in display order and looks plans up', () => {
    expect(PLAN_TABLE.map((row) => row.plan)).toEqual(ACCESS);
    expect(planLimits('pro')).toBe(PLAN_LIMITS.pro);
    expect(isPlan('supply_chain_risk')).toBe(true);
    for (const notPlan of ['anonymous', 'public', 'PRO', '', 3, null])
      expect(isPlan(notPlan)).toBe(false);
  });

  it('names the least plan for each gated feature, consistent with the table', () => {
    expect(FEATURE_MINIMUM_PLANS).toEqual({
      export: 'starter',
      webhook_channels: 'pro',
      dark_fleet: 'supply_chain_risk',
      ais_ingest: 'admin',
    });
    for (const plan of PLAN_NAMES) {
      expect(PLAN_LIMITS[plan].webhook_channels).toBe(
        meetsPlan(plan, FEATURE_MINIMUM_PLANS.webhook_channels),
      );
      expect(PLAN_LIMITS[plan].dark_fleet).toBe(meetsPlan(plan, FEATURE_MINIMUM_PLANS.dark_fleet));
      expect(canExport(plan)).toBe(meetsPlan(plan, FEATURE_MINIMUM_PLANS.export));
    }
    expect(canExport('anonymous')).toBe(false);
  });
});

describe('plan ranks', () => {
  it('orders free < starter < pro < supply_chain_risk < admin', () => {
    expect(PLAN_NAMES.map(planRank)).toEqual([0, 1, 2, 3, 4]);
    const plans: Plan[] = [...PLAN_NAMES];
    for (const plan of plans)
      for (const required of plans)
        expect(meetsPlan(plan, required)).toBe(plans.indexOf(plan) >= plans.indexOf(required));
    expect(meetsPlan('pro', 'supply_chain_risk')).toBe(false);
    expect(meetsPlan('admin', 'supply_chain_risk')).toBe(true);
  });
});

describe('effectiveRateLimit', () => {
  it('uses the plan rate unless the key sets its own', () => {
    expect(effectiveRateLimit('free', null)).toBe(60);
    expect(effectiveRateLimit('pro', null)).toBe(6_000);
    expect(effectiveRateLimit('supply_chain_risk', null)).toBe(20_000);
    expect(effectiveRateLimit('supply_chain_risk', 35_000)).toBe(35_000);
    expect(effectiveRateLimit('starter', 900)).toBe(900);
    expect(effectiveRateLimit('admin', null)).toBe(60_000);
  });

  it('gives anonymous callers 60 whatever is passed', () => {
    expect(effectiveRateLimit('anonymous', null)).toBe(60);
    expect(effectiveRateLimit('anonymous', 5_000)).toBe(60);
  });
});

describe('history depth', () => {
  it('starts 7 or 30 days back, or not at all for full history', () => {
    expect(historyStart('anonymous', NOW)?.toISOString()).toBe('2025-06-08T12:34:56.789Z');
    expect(historyStart('free', NOW)?.toISOString()).toBe('2025-06-08T12:34:56.789Z');
    expect(historyStart('starter', NOW)?.toISOString()).toBe('2025-05-16T12:34:56.789Z');
    for (const plan of ['pro', 'supply_chain_risk', 'admin'] as const)
      expect(historyStart(plan, NOW)).toBeNull();
  });

  it('gives the oldest day that may be asked for by date', () => {
    expect(historyStartDay('free', NOW)).toBe('2025-06-08');
    expect(historyStartDay('starter', NOW)).toBe('2025-05-16');
    expect(historyStartDay('pro', NOW)).toBeNull();
  });

  it('tells whether an instant is within the depth, the start included', () => {
    const start = historyStart('free', NOW)!;
    expect(isWithinHistory('free', start, NOW)).toBe(true);
    expect(isWithinHistory('free', new Date(start.getTime() - 1), NOW)).toBe(false);
    expect(isWithinHistory('pro', new Date('1990-01-01T00:00:00Z'), NOW)).toBe(true);
  });
});

describe('limits', () => {
  it('clamps a request to the cap, then to the hard cap', () => {
    expect(clampLimit(50, 100)).toBe(50);
    expect(clampLimit(150, 100)).toBe(100);
    expect(clampLimit(5_000, 10_000, 1_000)).toBe(1_000);
    expect(clampLimit(1, 20, 1_000)).toBe(1);
  });

  it('refuses requests that are not positive integers', () => {
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => clampLimit(bad, 100)).toThrow(RangeError);
  });

  it('clamps density by plan and then to 1000 cells', () => {
    expect(densityLimit('anonymous', 1_000)).toBe(20);
    expect(densityLimit('free', 1_000)).toBe(20);
    expect(densityLimit('starter', 1_000)).toBe(100);
    expect(densityLimit('pro', 1_000)).toBe(500);
    expect(densityLimit('supply_chain_risk', 1_000)).toBe(500);
    expect(densityLimit('admin', 1_000)).toBe(1_000);
    expect(densityLimit('admin', 5_000)).toBe(1_000);
    expect(densityLimit('admin', 250)).toBe(250);
  });

  it('clamps the alerts limit by plan', () => {
    expect(PLAN_NAMES.map((plan) => alertsLimit(plan, 1_000))).toEqual([20, 50, 100, 200, 500]);
    expect(alertsLimit('pro', 20)).toBe(20);
  });
});
