import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { digestEquals, matchTokenDigest, sha256Hex } from './token-digest';

describe('sha256Hex', () => {
  it('matches the FIPS 180-2 "abc" vector', () => {
    expect(sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('hashes UTF-8, like `echo -n value | sha256sum`', () => {
    expect(sha256Hex('Ümlaut ✓')).toBe(
      createHash('sha256').update(Buffer.from('Ümlaut ✓', 'utf8')).digest('hex'),
    );
  });
});

describe('digestEquals', () => {
  it('is true exactly when the strings are equal, whatever their lengths', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(digestEquals(a, b)).toBe(a === b);
        expect(digestEquals(a, a)).toBe(true);
      }),
    );
  });

  it('compares strings of different lengths without throwing', () => {
    expect(digestEquals('short', 'a much longer secret value')).toBe(false);
    expect(digestEquals('', '')).toBe(true);
  });
});

describe('matchTokenDigest', () => {
  const candidates = ['alpha', 'bravo', 'charlie'].map(sha256Hex);

  it('returns the index of the matching candidate', () => {
    expect(matchTokenDigest('alpha', candidates)).toBe(0);
    expect(matchTokenDigest('charlie', candidates)).toBe(2);
  });

  it('returns -1 for an unknown token or no candidates', () => {
    expect(matchTokenDigest('delta', candidates)).toBe(-1);
    expect(matchTokenDigest('alpha', [])).toBe(-1);
  });

  it('returns the first index when a digest is listed twice', () => {
    expect(matchTokenDigest('bravo', [candidates[1], candidates[1]])).toBe(0);
  });

  it('accepts upper-case hex and never matches a malformed candidate', () => {
    expect(matchTokenDigest('bravo', ['nothex', candidates[1].toUpperCase()])).toBe(1);
    expect(matchTokenDigest('bravo', [candidates[1].slice(0, 62)])).toBe(-1);
  });
});
