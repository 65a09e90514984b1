import { copyCell, copyChunks, copyLine } from './copy-text';

describe('COPY text encoding', () => {
  it('writes nulls, booleans, numbers, escaped text, arrays and JSON', () => {
    expect(copyCell(null)).toBe('\\N');
    expect(copyCell(true)).toBe('t');
    expect(copyCell(false)).toBe('f');
    expect(copyCell(12.5)).toBe('12.5');
    expect(copyCell('a\tb\nc\\d')).toBe('a\\tb\\nc\\\\d');
    expect(copyCell(['NL RTM', 'say "hi"'])).toBe('{"NL RTM","say \\\\"hi\\\\""}');
    expect(copyCell([351, 352])).toBe('{351,352}');
    expect(copyCell({ port: 'x', n: 1 })).toBe('{"port":"x","n":1}');
    expect(() => copyCell(Number.NaN)).toThrow(RangeError);
  });

  it('joins cells into lines and lines into chunks', () => {
    expect(copyLine([1, null, 'x'])).toBe('1\t\\N\tx\n');
    const chunks = [...copyChunks([[1], [2], [3]], 4)];
    expect(chunks.join('')).toBe('1\n2\n3\n');
    expect(chunks.length).toBeGreaterThan(1);
  });
});
