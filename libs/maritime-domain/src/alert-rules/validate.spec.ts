import { validateRuleExpression } from './validate';

const cond = (field: string, op: string, value: unknown): Record<string, unknown> => ({
  kind: 'condition',
  field,
  op,
  value,
});
const group = (operator: string, conditions: unknown[]): Record<string, unknown> => ({
  kind: 'group',
  operator,
  conditions,
});

function errorsOf(input: unknown): { path: string; message: string }[] {
  const result = validateRuleExpression(input);
  if (result.ok) throw new Error('expected the expression to be refused');
  return result.errors;
}

describe('validateRuleExpression', () => {
  it('accepts every field and operator and rebuilds the tree with only its known keys', () => {
    const input = group('and', [
      cond('product', 'eq', 'maritime'),
      cond('severity', 'gte', 'warning'),
      cond('source', 'neq', 'platform'),
      cond('event_type', 'in', ['dark_event', 'spoofing']),
      cond('entity_id', 'contains', 'rhine'),
      cond('imo_number', 'eq', 9074729),
      group('or', [cond('metadata.gap_hours', 'lte', 48), cond('metadata.a.B_9', 'eq', true)]),
      group('or', []),
    ]);
    const result = validateRuleExpression(input);
    expect(result).toEqual({ ok: true, expression: input, nodes: 11 });
    if (result.ok) expect(result.expression).not.toBe(input);
  });

  it('accepts a single condition as the root', () => {
    expect(validateRuleExpression(cond('severity', 'eq', 'critical')).ok).toBe(true);
  });

  it('names the failing path of an operator, a field and a value', () => {
    const input = group('and', [
      cond('severity', 'eq', 'critical'),
      cond('severity', 'like', 'crit'),
      group('or', [cond('vessel_name', 'eq', 'x'), cond('metadata.', 'eq', 'x')]),
      cond('metadata.a-b', 'eq', 1),
      cond('product', 'eq', ['maritime']),
      cond('product', 'eq', null),
      cond('product', 'in', 'maritime'),
      cond('product', 'in', []),
      cond('product', 'in', ['a', { b: 1 }]),
    ]);
    expect(errorsOf(input).map((e) => e.path)).toEqual([
      'expression.conditions[1].op',
      'expression.conditions[2].conditions[0].field',
      'expression.conditions[2].conditions[1].field',
      'expression.conditions[3].field',
      'expression.conditions[4].value',
      'expression.conditions[5].value',
      'expression.conditions[6].value',
      'expression.conditions[7].value',
      'expression.conditions[8].value[1]',
    ]);
  });

  it('refuses bad kinds, operators, unknown keys and non-objects', () => {
    expect(errorsOf(null)).toEqual([{ path: 'expression', message: expect.any(String) }]);
    expect(errorsOf([])).toEqual([{ path: 'expression', message: expect.any(String) }]);
    expect(errorsOf({ kind: 'rule' })[0]!.path).toBe('expression.kind');
    expect(errorsOf(group('xor', []))[0]!.path).toBe('expression.operator');
    expect(errorsOf({ kind: 'group', operator: 'and' })[0]!.path).toBe('expression.conditions');
    expect(errorsOf({ ...cond('product', 'eq', 'x'), extra: 1 })[0]!.path).toBe('expression.extra');
    expect(errorsOf(group('and', ['x']))[0]!.path).toBe('expression.conditions[0]');
  });

  it('takes in with 1 to 100 scalars, and strings up to 1000 characters', () => {
    const values = Array.from({ length: 100 }, (_, i) => `v${i}`);
    expect(validateRuleExpression(cond('source', 'in', values)).ok).toBe(true);
    expect(errorsOf(cond('source', 'in', [...values, 'x']))[0]!.path).toBe('expression.value');
    expect(validateRuleExpression(cond('source', 'eq', 'x'.repeat(1000))).ok).toBe(true);
    expect(errorsOf(cond('source', 'eq', 'x'.repeat(1001)))[0]!.path).toBe('expression.value');
  });

  it('allows 100 nodes and refuses 101', () => {
    const leaves = (n: number) => Array.from({ length: n }, () => cond('product', 'eq', 'x'));
    expect(validateRuleExpression(group('and', leaves(99)))).toMatchObject({
      ok: true,
      nodes: 100,
    });
    expect(errorsOf(group('and', leaves(100)))).toEqual([
      { path: 'expression', message: 'an expression has at most 100 nodes' },
    ]);
  });

  it('allows depth 8 and refuses depth 9, naming the node that is too deep', () => {
    const nest = (levels: number): unknown => {
      let node: unknown = cond('product', 'eq', 'x');
      for (let i = 1; i < levels; i++) node = group('and', [node]);
      return node;
    };
    expect(validateRuleExpression(nest(8)).ok).toBe(true);
    const errors = errorsOf(nest(9));
    expect(errors).toHaveLength(1);
    expect(errors[0]!.path).toBe(`expression${'.conditions[0]'.repeat(8)}`);
    // A hostile depth stops at the limit rather than walking the whole chain.
    expect(errorsOf(nest(5000))).toHaveLength(1);
  });

  it('refuses non-finite numbers', () => {
    expect(errorsOf(cond('metadata.x', 'gte', Infinity))[0]!.path).toBe('expression.value');
  });
});
