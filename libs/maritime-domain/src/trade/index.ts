export {
  DISCREPANCY_STATUSES,
  DISCREPANCY_THRESHOLDS,
  discrepancyStatus,
  mirrorDiscrepancy,
  roundDiscrepancyPct,
} from './discrepancy';
export type { DiscrepancyStatus, MirrorDiscrepancy } from './discrepancy';
