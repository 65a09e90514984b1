export { accuracyMetrics, accuracySums, directionMatches, metricsFromSums } from './accuracy';
export type { AccuracyMetrics, AccuracyPoint, AccuracySums } from './accuracy';
export { interval80, pipelineInterval, round2, sampleStd, Z_80 } from './interval';
export type { ForecastValue } from './interval';
export { ML_FEATURES, ML_LAMBDA, ML_TRAINING_DAYS, mlFeatures, mlForecast } from './ml';
export { DEFAULT_SPEED_KN, destinationProbabilities, etaHorizonDays } from './pipeline';
export type { PortProbability } from './pipeline';
export { linearPredict, ridgeFit, solveLinearSystem } from './ridge';
export {
  sameWeekdayMean,
  statisticalForecast,
  STATISTICAL_RESIDUAL_DAYS,
  STATISTICAL_SAME_WEEKDAYS,
} from './statistical';
export type { DailyActuals } from './statistical';
