/** Alert rule expressions: a boolean tree of groups and conditions over a unified alert. */

export const RULE_OPERATORS = ['eq', 'neq', 'in', 'contains', 'gte', 'lte'] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number];

/** Fields read from the record itself (metadata.<path> is the open-ended rest). */
export const RULE_FIELDS = [
  'product',
  'severity',
  'source',
  'event_type',
  'entity_id',
  'imo_number',
] as const;

export type RuleScalar = string | number | boolean;

export interface RuleCondition {
  kind: 'condition';
  /** One of RULE_FIELDS or `metadata.<seg>(.<seg>)*`. */
  field: string;
  op: RuleOperator;
  /** An array of 1..100 scalars for `in`; one scalar for every other operator. */
  value: RuleScalar | RuleScalar[];
}

export interface RuleGroup {
  kind: 'group';
  operator: 'and' | 'or';
  conditions: RuleExpression[];
}

export type RuleExpression = RuleGroup | RuleCondition;

/** The parts of a unified alert a rule can see. Unknown shapes are tolerated, never trusted. */
export interface RuleAlertRecord {
  product?: unknown;
  severity?: unknown;
  source?: unknown;
  event_type?: unknown;
  /** The view's entity id: the IMO, or the subject of an alert without a vessel (a gauge slug). */
  entity_id?: unknown;
  metadata?: unknown;
}

export const RULE_LIMITS = {
  maxNodes: 100,
  /** The root is at depth 1. */
  maxDepth: 8,
  maxInValues: 100,
  maxStringLength: 1000,
} as const;

/** info < warning < critical, for gte/lte on `severity`. */
export const SEVERITY_RANK: Readonly<Record<string, number>> = Object.freeze({
  info: 1,
  warning: 2,
  critical: 3,
});
