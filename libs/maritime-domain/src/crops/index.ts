export { CROPS, NDVI_HEALTH_BANDS, NDVI_HEALTH_NAMES, ndviDeviationPct, ndviHealth } from './ndvi';
export type { Crop, NdviHealth } from './ndvi';
export {
  NDVI_COMPOSITE_STEP_DAYS,
  compositeDaysBetween,
  dayOfYear,
  latestStartedSeason,
  seasonOfDay,
  seasonSpan,
  wrapsNewYear,
} from './seasons';
export type { SeasonWindow } from './seasons';
export {
  YIELD_CLAMP,
  YIELD_DEVIATION_ELASTICITY,
  estimateProduction,
  meanOf as meanDeviation,
  yieldEstimate,
} from './production';
export type { ProductionEstimate, ProductionInputs } from './production';
