// geo-scoring's pure computation: no I/O, no framework, deterministic for the same inputs. The
// app's repositories load rows and write results; everything between is here. Only what the
// app (and its tests and benchmarks) uses is exported.

// Scoring engine v1, tiers, robustness classes and score.changed decisions.
export {
  buildRes7Inputs,
  buildRes8Inputs,
  type LatLng,
  type LoadedCell,
  type LoadedTractShare,
  type MetroLocations,
  type ResolutionCell,
} from './scoring/cell-inputs';
export { metroRawFeatures, type CellRawInputs } from './scoring/metro-raw-features';
export type { CellTractShare } from './scoring/raw-features';
export { classifyRobustness, ROBUSTNESS_CLASSES } from './scoring/robustness';
export { round2, round3, roundHalfAwayFromZero } from './scoring/rounding';
export { decideScoreChanges, type ScoreChangedData } from './scoring/score-changed';
export {
  engineFingerprint,
  isTouched,
  scoreMetro,
  type CellFeatures,
  type CellScore,
} from './scoring/scoring-engine';
export {
  mapSignalGroups,
  SIGNAL_GROUPS,
  type SignalGroup,
  type SignalVector,
} from './scoring/signal-groups';
export { tierOf, tierOrNull, TIERS, tierSqlCase, type Tier, type TierCounts } from './scoring/tier';

// Analytics of the read routes and of ingestion: dates, hotspot trends, commuter-flow shares,
// pioneer tiers, rollup deltas.
export {
  flowShares,
  tractDisplayName,
  type FlowRow,
  type FlowShares,
  type TractNameParts,
} from './analytics/commuter-flows';
export { addDays, assertIsoDate } from './analytics/dates';
export {
  HOTSPOT_TRENDS,
  trendFromHalves,
  trendWindows,
  type DateRange,
  type HotspotTrend,
} from './analytics/hotspot-trend';
export {
  naicsIndustryGroup,
  pioneerTierAmong,
  type LicenceForPrior,
  type PioneerTier,
} from './analytics/pioneer-tier';
export {
  activityDeltas,
  crimeDeltas,
  EVENT_TYPES,
  type ActivityContribution,
  type CrimeContribution,
  type EventType,
} from './analytics/rollup-delta';

// Geography: metro cells, distances, permit-to-detection links, slugs.
export { diskUnion } from './geography/disk-union';
export {
  EARTH_RADIUS_M,
  haversineBounds,
  haversineMeters,
  sqlHaversine,
  type LatLngBounds,
} from './geography/haversine';
export {
  METRO_CELL_RESOLUTION,
  metroCells,
  type LatLngRing,
  type MetroShape,
} from './geography/metro-cells';
export {
  nearestPermit,
  permitsByCell,
  type DetectionPoint,
  type PermitPoint,
} from './geography/nearest-permit';
export { METRO_SLUG_PATTERN, PORT_SLUG_PATTERN } from './geography/slugs';

// Spatial diagnostics: local Moran's I with conditional permutations, BH q-values,
// TDA donuts.
export { localMoran, type Quadrant } from './spatial-diagnostics/local-moran';
export { roundTo } from './spatial-diagnostics/rounding';
export {
  computeSpatialDiagnostics,
  DEFAULT_SIGNIFICANCE,
  type ClusterType,
  type SpatialDiagnosticsCell,
  type SpatialDiagnosticsRow,
} from './spatial-diagnostics/spatial-diagnostics';

// The look-alike search kernel: the exact in-memory index and its scans.
export {
  EMBEDDING_BYTES,
  EMBEDDING_DIMS,
  SimilarityIndex,
  type IndexCellInput,
  type SimilarHit,
  type SimilarityMode,
} from './similarity/similarity-index';
export { roundSimilarity } from './similarity/top-k';

// Deterministic random substreams (the synthetic seed data set).
export { cumulative, Rng } from './random/rng';
