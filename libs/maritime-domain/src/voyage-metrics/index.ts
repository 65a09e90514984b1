export { annualAer, CII_BANDS, ciiRating, fleetMedian, rateCii } from './cii';
export type { CiiRating, CiiResult, CiiSubject } from './cii';
export { voyageEarnings } from './earnings';
export type { VoyageEarnings, VoyageEarningsInput } from './earnings';
export {
  AUX_FUEL_SHARE,
  EMISSION_FACTORS,
  isLaden,
  METRICS_FUEL_TYPES,
  roundMetric,
  voyageEmissions,
} from './emissions';
export type { VoyageEmissions, VoyageEmissionsInput } from './emissions';
