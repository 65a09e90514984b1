export { createDestinationParser, parseDeclaredDestination } from './parser';
export type { DestinationParser, DestinationPort } from './parser';
export {
  collapseConsecutive,
  DESTINATION_RESOLUTIONS,
  destinationCellWeight,
  DestinationCountModel,
  MIN_LADEN_SUBSET_VOYAGES,
  MIN_PARENT_VOYAGES,
  PRIOR_CELL,
  WEIGHT_HALF_LIFE_CELLS,
} from './count-model';
export type {
  DestinationCountRow,
  DestinationDistribution,
  DestinationScore,
  DistributionInput,
} from './count-model';
export {
  DRAFT_DELTA_THRESHOLD_M,
  LADEN_ABSOLUTE_DRAFT_M,
  LADEN_DESIGN_DRAFT_SHARE,
  ladenStateFromDraft,
} from './laden-state';
export type { LadenStateInput } from './laden-state';
export {
  countDestinations,
  firstHalf,
  HOLDOUT_SHARE,
  holdoutAccuracy,
  splitHoldout,
} from './training';
export type { HoldoutAccuracy, TrainingVoyage } from './training';
export { h3CellParent } from './h3-parent';
export { reliabilityTier, reliabilityPct, RELIABILITY_MIN_VOYAGES } from './reliability';
export type { ReliabilityTier } from './reliability';
