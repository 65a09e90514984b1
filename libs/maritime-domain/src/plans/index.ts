export {
  DENSITY_HARD_CAP,
  FEATURE_MINIMUM_PLANS,
  PLAN_LIMITS,
  PLAN_NAMES,
  PLAN_TABLE,
  SUPPLY_CHAIN_RISK_DEFAULT_RATE,
  isPlan,
  planLimits,
} from './plans';
export type { Access, Plan, PlanLimits } from './plans';
export {
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
