import { findNul, MAX_INPUT_DEPTH, nestsDeeperThan } from './reject-nul';

const nested = (levels: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i += 1) value = i % 2 === 0 ? [value] : { k: value };
  return value;
};

describe('findNul', () => {
  it('names the first string holding a NUL, deep in objects and arrays', () => {
    expect(findNul({ a: 'ok', b: { c: ['x', 'y\u0000'] } }, 'body')).toBe('body.b.c[1]');
    expect(findNul('a\u0000', 'path')).toBe('path');
    expect(findNul({ 'k\u0000': 1 }, 'query')).toBe('query');
    expect(findNul({ a: 1, b: null, c: [true, 'fine'] }, 'body')).toBeUndefined();
    expect(findNul(undefined, 'body')).toBeUndefined();
  });

  it('walks any depth without overflowing the stack', () => {
    expect(findNul(nested(200_000), 'body')).toBeUndefined();
    expect(findNul({ a: [nested(100_000), 'x\u0000'] }, 'body')).toBe('body.a[1]');
  });
});

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, not scalars, and stops early on deep input', () => {
    expect(nestsDeeperThan('flat', 0)).toBe(false);
    expect(nestsDeeperThan({ a: 1, b: [1, 2] }, 2)).toBe(false);
    expect(nestsDeeperThan({ a: 1, b: [1, 2] }, 1)).toBe(true);
    expect(nestsDeeperThan(nested(MAX_INPUT_DEPTH), MAX_INPUT_DEPTH)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_INPUT_DEPTH + 1), MAX_INPUT_DEPTH)).toBe(true);
    expect(nestsDeeperThan(nested(200_000), MAX_INPUT_DEPTH)).toBe(true);
  });
});
