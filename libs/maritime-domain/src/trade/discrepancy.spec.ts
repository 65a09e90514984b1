import { discrepancyStatus, mirrorDiscrepancy, roundDiscrepancyPct } from './discrepancy';

describe('mirrorDiscrepancy', () => {
  it('is 100·|e−i|/max(e, i), to 2 decimals, whichever side is larger', () => {
    // 100·|10 − 9.3|/10 = 7
    expect(mirrorDiscrepancy(10, 9.3)).toEqual({ discrepancy_pct: 7, status: 'minor' });
    // 100·|9.3 − 10|/10 = 7: the larger side is the denominator either way
    expect(mirrorDiscrepancy(9.3, 10)).toEqual({ discrepancy_pct: 7, status: 'minor' });
    // 100·2/3 = 66.666… → 66.67
    expect(mirrorDiscrepancy(3, 1)).toEqual({ discrepancy_pct: 66.67, status: 'major' });
    expect(mirrorDiscrepancy(4.2, 4.2)).toEqual({ discrepancy_pct: 0, status: 'consistent' });
  });

  it('bands at 5, 15 and 30 with the lower bound inclusive', () => {
    const at = (pct: number): string => mirrorDiscrepancy(100, 100 - pct).status;
    expect(at(4.99)).toBe('consistent');
    expect(at(5)).toBe('minor');
    expect(at(14.99)).toBe('minor');
    expect(at(15)).toBe('significant');
    expect(at(29.99)).toBe('significant');
    expect(at(30)).toBe('major');
    expect(at(99.99)).toBe('major');
  });

  it('bands on the rounded percentage, so the status follows from the shown value', () => {
    // 100·0.04996/1 = 4.996 → 5.00 → minor
    expect(mirrorDiscrepancy(1, 0.95004)).toEqual({ discrepancy_pct: 5, status: 'minor' });
    // 4.994 → 4.99 → consistent
    expect(mirrorDiscrepancy(1, 0.95006)).toEqual({ discrepancy_pct: 4.99, status: 'consistent' });
  });

  it('is a missing mirror (pct 100) when either side is 0, null or absent', () => {
    const missing = { discrepancy_pct: 100, status: 'missing_mirror' };
    expect(mirrorDiscrepancy(5, 0)).toEqual(missing);
    expect(mirrorDiscrepancy(0, 5)).toEqual(missing);
    expect(mirrorDiscrepancy(null, 5)).toEqual(missing);
    expect(mirrorDiscrepancy(5, undefined)).toEqual(missing);
    expect(mirrorDiscrepancy(0, 0)).toEqual(missing);
  });

  it('refuses negative tonnages', () => {
    expect(() => mirrorDiscrepancy(-1, 2)).toThrow(RangeError);
  });
});

describe('discrepancyStatus', () => {
  it('maps each band', () => {
    expect([0, 4.99, 5, 15, 30, 100].map(discrepancyStatus)).toEqual([
      'consistent',
      'consistent',
      'minor',
      'significant',
      'major',
      'major',
    ]);
  });
});

describe('roundDiscrepancyPct', () => {
  it('rounds half up without binary noise', () => {
    expect(roundDiscrepancyPct(1.005)).toBe(1.01);
    expect(roundDiscrepancyPct(66.665)).toBe(66.67);
    expect(roundDiscrepancyPct(12.344)).toBe(12.34);
  });
});
