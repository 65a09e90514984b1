import { annualAer, CII_BANDS, ciiRating, fleetMedian, rateCii } from './index';

describe('CII rating against the fleet median', () => {
  it('bands the ratio with inclusive upper edges', () => {
    expect(CII_BANDS.map((b) => b.max)).toEqual([0.86, 0.94, 1.06, 1.18]);
    expect(ciiRating(0)).toBe('A');
    expect(ciiRating(0.86)).toBe('A');
    expect(ciiRating(0.8600001)).toBe('B');
    expect(ciiRating(0.94)).toBe('B');
    expect(ciiRating(0.9400001)).toBe('C');
    expect(ciiRating(1.06)).toBe('C');
    expect(ciiRating(1.0600001)).toBe('D');
    expect(ciiRating(1.18)).toBe('D');
    expect(ciiRating(1.1800001)).toBe('E');
  });

  it('takes the median of odd and even counts', () => {
    expect(fleetMedian([6, 4, 5])).toBe(5);
    expect(fleetMedian([4, 8, 5, 6])).toBe(5.5);
    expect(() => fleetMedian([])).toThrow(RangeError);
  });

  it('computes the annual AER from the year totals', () => {
    // 500 t CO2 over 50,000 dwt x 2,000 nm = 5 g per dwt-nm.
    expect(annualAer(500, 50_000, 2_000)).toBe(5);
    expect(annualAer(500, null, 2_000)).toBeNull();
    expect(annualAer(500, 50_000, 0)).toBeNull();
  });

  it('rates each vessel against the median of its own type only', () => {
    const results = rateCii([
      { key: 'a', vessel_type: 'bulk_carrier', aer: 4 },
      { key: 'b', vessel_type: 'bulk_carrier', aer: 5 },
      { key: 'c', vessel_type: 'bulk_carrier', aer: 6 },
      { key: 't', vessel_type: 'tanker', aer: 20 },
      { key: 'n', vessel_type: 'tanker', aer: null },
    ]);
    // Bulk median 5: 4/5 = 0.8 (A), 5/5 = 1 (C), 6/5 = 1.2 (E); the lone tanker is its median.
    expect(results.get('a')).toEqual({ ratio: 0.8, rating: 'A' });
    expect(results.get('b')).toEqual({ ratio: 1, rating: 'C' });
    expect(results.get('c')).toEqual({ ratio: 1.2, rating: 'E' });
    expect(results.get('t')).toEqual({ ratio: 1, rating: 'C' });
    expect(results.get('n')).toEqual({ ratio: null, rating: null });
  });
});
