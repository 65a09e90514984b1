export { marketSharePct, originTotals, roundPct, withMarketShare } from './market-share';
export type { FlowTonnage } from './market-share';
export { addMonths, isPeriod, lastCompletePeriod, periodOf, periodStartDay } from './periods';
export {
  CHOKEPOINT_PCT_THRESHOLD,
  CHOKEPOINT_TRAILING_MONTHS,
  LANE_SHARE_PP_THRESHOLD,
  LANE_TONNAGE_PCT_THRESHOLD,
  SHIFT_KINDS,
  changePct,
  compareShifts,
  detectChokepointShifts,
  detectLaneShifts,
} from './shifts';
export type { ChokepointTransits, LaneTonnage, RouteShift, ShiftKind } from './shifts';
