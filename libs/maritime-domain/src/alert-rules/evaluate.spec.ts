import { compileRule } from './evaluate';
import type { RuleAlertRecord, RuleExpression, RuleScalar } from './types';

const c = (field: string, op: string, value: unknown) =>
  ({ kind: 'condition', field, op, value }) as RuleExpression;
const and = (...conditions: RuleExpression[]): RuleExpression => ({
  kind: 'group',
  operator: 'and',
  conditions,
});
const or = (...conditions: RuleExpression[]): RuleExpression => ({
  kind: 'group',
  operator: 'or',
  conditions,
});

const vessel: RuleAlertRecord = {
  product: 'maritime',
  severity: 'warning',
  source: 'dark_event',
  event_type: 'dark_event',
  entity_id: '9074729',
  metadata: {
    imo_number: '9074729',
    vessel_name: 'Ocean Star',
    gap_hours: 13.5,
    zone: null,
    started_at: '2026-11-20T06:00:00.000Z',
    tags: ['sts', 'Sanctioned', 7],
    nested: { level: { deep: 'yes' } },
    count_text: '42',
  },
};
const gauge: RuleAlertRecord = {
  product: 'supply_chain',
  severity: 'critical',
  source: 'platform',
  event_type: 'river_level',
  entity_id: 'kaub',
  metadata: { level_m: 0.71 },
};

const hit = (expression: RuleExpression, record: RuleAlertRecord = vessel): boolean =>
  compileRule(expression).matches(record);

describe('compileRule: field lookup', () => {
  it('reads imo_number and entity_id from metadata.imo_number', () => {
    expect(hit(c('imo_number', 'eq', '9074729'))).toBe(true);
    expect(hit(c('entity_id', 'eq', '9074729'))).toBe(true);
    const moved = { ...vessel, entity_id: 'other' };
    expect(hit(c('entity_id', 'eq', '9074729'), moved)).toBe(true);
  });

  it('falls back to the non-vessel key for entity_id, and imo_number is then missing', () => {
    expect(hit(c('entity_id', 'eq', 'kaub'), gauge)).toBe(true);
    expect(hit(c('imo_number', 'eq', 'kaub'), gauge)).toBe(false);
    expect(hit(c('imo_number', 'neq', 'kaub'), gauge)).toBe(true);
  });

  it('walks nested metadata keys, own keys only', () => {
    expect(hit(c('metadata.nested.level.deep', 'eq', 'yes'))).toBe(true);
    expect(hit(c('metadata.nested.missing.deep', 'neq', 'yes'))).toBe(true);
    expect(hit(c('metadata.constructor', 'neq', 'x'))).toBe(true);
    expect(hit(c('metadata.constructor', 'contains', 'function'))).toBe(false);
    expect(hit(c('metadata.tags.0', 'eq', 'sts'))).toBe(false);
  });
});

describe('compileRule: missing and null', () => {
  it.each(['eq', 'in', 'contains', 'gte', 'lte'])(
    '%s is false on a missing or null field',
    (op) => {
      const value: RuleScalar | RuleScalar[] = op === 'in' ? ['x'] : 'x';
      expect(hit(c('metadata.absent', op, value))).toBe(false);
      expect(hit(c('metadata.zone', op, value))).toBe(false);
    },
  );

  it('neq is true on a missing or null field', () => {
    expect(hit(c('metadata.absent', 'neq', 'x'))).toBe(true);
    expect(hit(c('metadata.zone', 'neq', 'x'))).toBe(true);
    expect(hit(c('severity', 'neq', 'x'), { metadata: {} })).toBe(true);
  });
});

describe('compileRule: operators', () => {
  it('eq and neq are exact and case-sensitive', () => {
    expect(hit(c('severity', 'eq', 'warning'))).toBe(true);
    expect(hit(c('severity', 'eq', 'Warning'))).toBe(false);
    expect(hit(c('severity', 'neq', 'Warning'))).toBe(true);
    expect(hit(c('metadata.vessel_name', 'eq', 'Ocean'))).toBe(false);
  });

  it('compares a number and a numeric string as numbers, in both directions', () => {
    expect(hit(c('imo_number', 'eq', 9074729))).toBe(true);
    expect(hit(c('metadata.gap_hours', 'eq', '13.50'))).toBe(true);
    expect(hit(c('metadata.gap_hours', 'neq', '13.5'))).toBe(false);
    expect(hit(c('metadata.count_text', 'eq', 42))).toBe(true);
    // Two strings stay strings.
    expect(hit(c('metadata.count_text', 'eq', '42.0'))).toBe(false);
    expect(hit(c('metadata.count_text', 'eq', true))).toBe(false);
  });

  it('in matches any listed value', () => {
    expect(hit(c('source', 'in', ['platform', 'dark_event']))).toBe(true);
    expect(hit(c('source', 'in', ['platform']))).toBe(false);
    expect(hit(c('metadata.gap_hours', 'in', [1, '13.5']))).toBe(true);
  });

  it('contains is a case-insensitive substring on strings and membership on arrays', () => {
    expect(hit(c('metadata.vessel_name', 'contains', 'ocean st'))).toBe(true);
    expect(hit(c('metadata.vessel_name', 'contains', 'sea'))).toBe(false);
    expect(hit(c('metadata.tags', 'contains', 'Sanctioned'))).toBe(true);
    expect(hit(c('metadata.tags', 'contains', 'sanct'))).toBe(false);
    expect(hit(c('metadata.tags', 'contains', '7'))).toBe(true);
    expect(hit(c('metadata.gap_hours', 'contains', '13'))).toBe(false);
  });

  it('an array field matches eq and in on any element and neq when none equals', () => {
    expect(hit(c('metadata.tags', 'eq', 'sts'))).toBe(true);
    expect(hit(c('metadata.tags', 'in', ['x', 7]))).toBe(true);
    expect(hit(c('metadata.tags', 'neq', 'sts'))).toBe(false);
    expect(hit(c('metadata.tags', 'neq', 'STS'))).toBe(true);
    expect(hit(c('metadata.tags', 'gte', 1))).toBe(false);
  });

  it('gte and lte compare numbers, numeric strings, instants and severity ranks', () => {
    expect(hit(c('metadata.gap_hours', 'gte', 12))).toBe(true);
    expect(hit(c('metadata.gap_hours', 'lte', '13.5'))).toBe(true);
    expect(hit(c('metadata.gap_hours', 'gte', 14))).toBe(false);
    expect(hit(c('metadata.count_text', 'gte', 41))).toBe(true);
    expect(hit(c('metadata.started_at', 'gte', '2026-11-20T07:00:00+02:00'))).toBe(true);
    expect(hit(c('metadata.started_at', 'lte', '2026-11-20'))).toBe(false);
    expect(hit(c('metadata.started_at', 'gte', '2026-11-20'))).toBe(true);
    expect(hit(c('severity', 'gte', 'warning'))).toBe(true);
    expect(hit(c('severity', 'gte', 'critical'))).toBe(false);
    expect(hit(c('severity', 'lte', 'warning'))).toBe(true);
    expect(hit(c('severity', 'gte', 'high'))).toBe(false);
    // Anything else is false: strings that are neither, booleans, mixed kinds.
    expect(hit(c('metadata.vessel_name', 'gte', 'A'))).toBe(false);
    expect(hit(c('metadata.started_at', 'gte', 5))).toBe(false);
    expect(hit(c('source', 'lte', true))).toBe(false);
  });
});

describe('compileRule: groups and node statistics', () => {
  it('an empty and is true, an empty or is false', () => {
    expect(hit(and())).toBe(true);
    expect(hit(or())).toBe(false);
  });

  it('combines children of any arity', () => {
    const t = c('product', 'eq', 'maritime');
    const f = c('product', 'eq', 'x');
    for (let n = 1; n <= 6; n++) {
      const trues = Array.from({ length: n }, () => t);
      expect(hit(and(...trues))).toBe(true);
      expect(hit(and(...trues, f))).toBe(false);
      expect(hit(or(...trues.map(() => f)))).toBe(false);
      expect(hit(or(...trues.map(() => f), t))).toBe(true);
    }
  });

  it('counts every node without short-circuit', () => {
    const rule = compileRule(
      or(
        c('severity', 'eq', 'critical'),
        and(c('product', 'eq', 'maritime'), c('source', 'eq', 'x')),
      ),
    );
    expect(rule.paths).toEqual([
      'expression',
      'expression.conditions[0]',
      'expression.conditions[1]',
      'expression.conditions[1].conditions[0]',
      'expression.conditions[1].conditions[1]',
    ]);
    const counts = rule.paths.map(() => 0);
    expect(rule.evaluateAll(gauge, counts)).toBe(true);
    expect(rule.evaluateAll(vessel, counts)).toBe(false);
    expect(counts).toEqual([1, 1, 0, 1, 0]);
  });
});
