// Public API of the pure spatial-diagnostics computation (design 2.5).
export { benjaminiHochberg } from './benjamini-hochberg';
export {
  conditionalPermutation,
  DEFAULT_PERMUTATIONS,
  localMoran,
  quadrantOf,
  type LocalMoranResult,
  type Quadrant,
} from './local-moran';
export { fnv1a, metroRng, SplitMix32, Xoshiro128StarStar } from './prng';
export { roundTo } from './rounding';
export {
  computeSpatialDiagnostics,
  DEFAULT_SIGNIFICANCE,
  type ClusterType,
  type SpatialDiagnosticsCell,
  type SpatialDiagnosticsInput,
  type SpatialDiagnosticsRow,
} from './spatial-diagnostics';
export { checkDonut, DONUT_MIN_PERSISTENCE, median, type DonutCheck } from './tda-donut';
// Database side (loads cell_scores, writes a run): the job and the seed call this.
export {
  SpatialDiagnosticsService,
  type SpatialDiagnosticsOptions,
  type SpatialDiagnosticsRunResult,
} from './spatial-diagnostics.service';
