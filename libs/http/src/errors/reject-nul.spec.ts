import { findNul } from './reject-nul';

describe('findNul', () => {
  it('names the first string holding a NUL, deep in objects and arrays', () => {
    expect(findNul({ a: 'ok', b: { c: ['x', 'y\u0000'] } }, 'body')).toBe('body.b.c[1]');
    expect(findNul('a\u0000', 'path')).toBe('path');
    expect(findNul({ 'k\u0000': 1 }, 'query')).toBe('query');
    expect(findNul({ a: 1, b: null, c: [true, 'fine'] }, 'body')).toBeUndefined();
    expect(findNul(undefined, 'body')).toBeUndefined();
  });
});
