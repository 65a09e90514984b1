export {
  CONGESTION_INDEX_MAX,
  CONGESTION_LEVEL_NAMES,
  CONGESTION_LEVELS,
  CONGESTION_WEIGHTS,
  congestionIndex,
  congestionLevel,
  congestionMedian,
} from './congestion';
export type { CongestionInputs, CongestionLevel, CongestionLevelBand } from './congestion';
