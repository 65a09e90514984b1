import { canonicalJson } from './canonical-json';

/** The first implementation, kept as the reference: stored hashes were made from its text. */
function reference(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(reference).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${reference(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

describe('canonicalJson', () => {
  it('sorts keys at every level and drops undefined fields', () => {
    expect(canonicalJson({ b: 1, a: [{ d: undefined, c: 'x' }, null], é: true, Z: 0.5 })).toBe(
      '{"Z":0.5,"a":[{"c":"x"},null],"b":1,"é":true}',
    );
    expect(canonicalJson([undefined, {}, []])).toBe('[null,{},[]]');
    expect(canonicalJson({ '': 1, '"q"': '\u2028' })).toBe('{"":1,"\\"q\\"":"\u2028"}');
  });

  it('gives the same text as the reference for random JSON values', () => {
    let seed = 42;
    const next = (n: number) => (seed = (seed * 48_271) % 2_147_483_647) % n;
    const keys = ['a', 'B', 'aa', 'é', '😀', 'role', 'content', '', '10', '9', 'ａ'];
    const valueOf = (depth: number): unknown => {
      switch (depth > 3 ? next(4) : next(7)) {
        case 0:
          return next(1000) - 500 + next(100) / 7;
        case 1:
          return keys[next(keys.length)]! + '\n"\\';
        case 2:
          return next(2) === 0;
        case 3:
          return null;
        case 4:
          return Array.from({ length: next(4) }, () => valueOf(depth + 1));
        default: {
          const object: Record<string, unknown> = {};
          for (let i = next(5); i > 0; i -= 1) {
            object[keys[next(keys.length)]!] = next(6) === 0 ? undefined : valueOf(depth + 1);
          }
          return object;
        }
      }
    };
    for (let i = 0; i < 2_000; i += 1) {
      const value = valueOf(0);
      expect(canonicalJson(value)).toBe(reference(value));
    }
  });
});
