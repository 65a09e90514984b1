/**
 * The plan table: what each plan may do, as data. The service enforces it; `GET /plans` serves it.
 */

/** Plans of API keys, from least to most privileged. */
export const PLAN_NAMES = ['free', 'starter', 'pro', 'supply_chain_risk', 'admin'] as const;

export type Plan = (typeof PLAN_NAMES)[number];

/** Who is calling: a key's plan, or no key at all. */
export type Access = Plan | 'anonymous';

export interface PlanLimits {
  plan: Access;
  /** The tier string responses report; anonymous callers report `free`. */
  tier: Plan;
  /** Requests per minute when the key sets no rate of its own. */
  requests_per_minute: number;
  /** Days of history visible before now; null means the full history. */
  history_days: number | null;
  /** Ceiling on a density `limit`, applied before the DENSITY_HARD_CAP. */
  density_cap: number;
  /** Ceiling on the `/alerts` `limit`; null where alerts need a key. */
  alerts_limit_cap: number | null;
  /** Most rows one export may return; 0 means exports are refused (403). */
  export_rows: number;
  webhook_channels: boolean;
  dark_fleet: boolean;
  /** How long data waits before this plan sees it; 0 is priority sync. */
  priority_sync_delay_minutes: number;
}

/** Whatever a plan's density cap, no density response exceeds this many cells. */
export const DENSITY_HARD_CAP = 1000;

/** supply_chain_risk has a custom rate per key; a key without one gets this. */
export const SUPPLY_CHAIN_RISK_DEFAULT_RATE = 20_000;

const NON_PRIORITY_SYNC_DELAY_MINUTES = 15;

const FREE: PlanLimits = {
  plan: 'free',
  tier: 'free',
  requests_per_minute: 60,
  history_days: 7,
  density_cap: 20,
  alerts_limit_cap: 20,
  export_rows: 0,
  webhook_channels: false,
  dark_fleet: false,
  priority_sync_delay_minutes: NON_PRIORITY_SYNC_DELAY_MINUTES,
};

/** Every access level's limits, anonymous first, then the plans in rank order. */
export const PLAN_LIMITS: Readonly<Record<Access, Readonly<PlanLimits>>> = {
  anonymous: { ...FREE, plan: 'anonymous', alerts_limit_cap: null },
  free: FREE,
  starter: {
    plan: 'starter',
    tier: 'starter',
    requests_per_minute: 600,
    history_days: 30,
    density_cap: 100,
    alerts_limit_cap: 50,
    export_rows: 1_000,
    webhook_channels: false,
    dark_fleet: false,
    priority_sync_delay_minutes: NON_PRIORITY_SYNC_DELAY_MINUTES,
  },
  pro: {
    plan: 'pro',
    tier: 'pro',
    requests_per_minute: 6_000,
    history_days: null,
    density_cap: 500,
    alerts_limit_cap: 100,
    export_rows: 10_000,
    webhook_channels: true,
    dark_fleet: false,
    priority_sync_delay_minutes: 0,
  },
  supply_chain_risk: {
    plan: 'supply_chain_risk',
    tier: 'supply_chain_risk',
    requests_per_minute: SUPPLY_CHAIN_RISK_DEFAULT_RATE,
    history_days: null,
    density_cap: 500,
    alerts_limit_cap: 200,
    export_rows: 10_000,
    webhook_channels: true,
    dark_fleet: true,
    priority_sync_delay_minutes: 0,
  },
  admin: {
    plan: 'admin',
    tier: 'admin',
    requests_per_minute: 60_000,
    history_days: null,
    density_cap: 10_000,
    alerts_limit_cap: 500,
    export_rows: 100_000,
    webhook_channels: true,
    dark_fleet: true,
    priority_sync_delay_minutes: 0,
  },
};

/** The table in display order (anonymous, free … admin). */
export const PLAN_TABLE: readonly Readonly<PlanLimits>[] = [
  PLAN_LIMITS.anonymous,
  ...PLAN_NAMES.map((plan) => PLAN_LIMITS[plan]),
];

/** The least plan that has each gated feature, for `403 plan_upgrade_required { required_plan }`. */
export const FEATURE_MINIMUM_PLANS = {
  export: 'starter',
  webhook_channels: 'pro',
  dark_fleet: 'supply_chain_risk',
  ais_ingest: 'admin',
} as const satisfies Readonly<Record<string, Plan>>;

export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && (PLAN_NAMES as readonly string[]).includes(value);
}

export function planLimits(access: Access): Readonly<PlanLimits> {
  return PLAN_LIMITS[access];
}
