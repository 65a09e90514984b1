import fc from 'fast-check';
import { normaliseName, tokenSorted } from './normalise';

/** Any text from the Latin, Greek, Cyrillic, combining-mark, symbol and ligature blocks. */
const anyName = fc.string({
  unit: fc
    .oneof(fc.integer({ min: 0, max: 0x33ff }), fc.integer({ min: 0xfb00, max: 0xfb4f }))
    .map((codePoint) => String.fromCodePoint(codePoint)),
  maxLength: 40,
});

describe('normaliseName', () => {
  it('strips diacritics, upper-cases and spaces out punctuation', () => {
    expect(normaliseName('Ténéré')).toBe('TENERE');
    expect(normaliseName('  São-Paulo   Star!! ')).toBe('SAO PAULO STAR');
    expect(normaliseName('Ève_Marie/2')).toBe('EVE MARIE 2');
    expect(normaliseName('Ørsted Łódź Straße Æsir')).toBe('ORSTED LODZ STRASSE AESIR');
    expect(normaliseName('ﬁnland²')).toBe('FINLAND2');
  });

  it('keeps letters of other scripts as letters', () => {
    expect(normaliseName('Волга-1')).toBe('ВОЛГА 1');
  });

  it('drops a leading ship prefix in every spelling', () => {
    for (const prefixed of [
      'MV Ocean Star',
      'M/V Ocean Star',
      'm.v. ocean star',
      'MT Ocean Star',
      'M/T Ocean Star',
      'SS Ocean Star',
      'MS Ocean Star',
      'M/S Ocean Star',
      'MY Ocean Star',
      'M/Y Ocean Star',
    ])
      expect(normaliseName(prefixed)).toBe('OCEAN STAR');
  });

  it('drops trailing company forms, dotted or not, repeatedly', () => {
    const cases: [string, string][] = [
      ['Blue Sea Shipping Ltd', 'BLUE SEA SHIPPING'],
      ['Blue Sea Shipping Limited', 'BLUE SEA SHIPPING'],
      ['Blue Sea Shipping Co., Ltd.', 'BLUE SEA SHIPPING'],
      ['Blue Sea L.L.C.', 'BLUE SEA'],
      ['Blue Sea LLC', 'BLUE SEA'],
      ['Blue Sea Inc.', 'BLUE SEA'],
      ['Blue Sea Corp', 'BLUE SEA'],
      ['Blue Sea S.A.', 'BLUE SEA'],
      ['Blue Sea SA', 'BLUE SEA'],
      ['Blue Sea A/S', 'BLUE SEA'],
      ['Blue Sea AS', 'BLUE SEA'],
      ['Blue Sea PLC', 'BLUE SEA'],
      ['Blue Sea p.l.c.', 'BLUE SEA'],
      ['Blue Sea GmbH', 'BLUE SEA'],
    ];
    for (const [raw, expected] of cases) expect(normaliseName(raw)).toBe(expected);
  });

  it('leaves affixes in the middle, and never removes the last word', () => {
    expect(normaliseName('Ocean MV Star')).toBe('OCEAN MV STAR');
    expect(normaliseName('Limited Edition')).toBe('LIMITED EDITION');
    expect(normaliseName('MY')).toBe('MY');
    expect(normaliseName('M/V Co.')).toBe('CO');
    expect(normaliseName('MV')).toBe('MV');
  });

  it('gives "" for empty and all-punctuation names', () => {
    expect(normaliseName('')).toBe('');
    expect(normaliseName(' -./ ')).toBe('');
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(anyName, (raw) => {
        const once = normaliseName(raw);
        expect(normaliseName(once)).toBe(once);
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('MV', 'M/V', 'CO', 'LTD', 'S.A.', 'Star', 'é', '-', ' ', 'MY')),
        (parts) => {
          const once = normaliseName(parts.join(' '));
          expect(normaliseName(once)).toBe(once);
        },
      ),
    );
  });

  it('produces single-spaced runs of letters and digits only', () => {
    fc.assert(
      fc.property(anyName, (raw) => {
        expect(normaliseName(raw)).toMatch(/^([\p{L}\p{N}]+( [\p{L}\p{N}]+)*)?$/u);
      }),
    );
  });
});

describe('tokenSorted', () => {
  it('sorts the normalised words', () => {
    expect(tokenSorted('Star Ocean')).toBe('OCEAN STAR');
    expect(tokenSorted('M/V Ocean Star')).toBe('OCEAN STAR');
    expect(tokenSorted('Petrov, Ivan')).toBe(tokenSorted('IVAN PETROV'));
    expect(tokenSorted('')).toBe('');
  });

  it('does not depend on the order of words that are not prefixes or company forms', () => {
    const affixes = new Set('MV MT SS MS MY LTD LIMITED LLC INC CO CORP SA AS PLC GMBH'.split(' '));
    const word = fc.stringMatching(/^[A-Z]{2,6}$/).filter((w) => !affixes.has(w));
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 5 }), (words) => {
        expect(tokenSorted(words.join(' '))).toBe(tokenSorted([...words].reverse().join(' ')));
      }),
    );
  });
});
