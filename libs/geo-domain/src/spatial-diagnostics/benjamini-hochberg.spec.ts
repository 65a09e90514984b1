import { benjaminiHochberg } from './benjamini-hochberg';

describe('benjaminiHochberg', () => {
  it('hand-checked example', () => {
    // p = [0.01, 0.04, 0.03, 0.005], m = 4. Sorted: 0.005 (rank 1), 0.01 (2), 0.03 (3), 0.04 (4).
    // m·p/rank: 0.005·4/1 = 0.02, 0.01·4/2 = 0.02, 0.03·4/3 = 0.04, 0.04·4/4 = 0.04.
    // Running minimum from the top rank down: 0.04, 0.04, 0.02, 0.02.
    // Back in input order: [0.02, 0.04, 0.04, 0.02].
    const q = benjaminiHochberg([0.01, 0.04, 0.03, 0.005]);
    [0.02, 0.04, 0.04, 0.02].forEach((v, i) => expect(q[i]).toBeCloseTo(v, 15));
  });

  it('applies the step-up minimum', () => {
    // p = [0.04, 0.041, 0.05], m = 3: 0.04·3/1 = 0.12, 0.041·3/2 = 0.0615, 0.05·3/3 = 0.05.
    // Running minimum from the top: 0.05, min(0.0615, 0.05) = 0.05, min(0.12, 0.05) = 0.05.
    const q = benjaminiHochberg([0.04, 0.041, 0.05]);
    q.forEach((v) => expect(v).toBeCloseTo(0.05, 15));
  });

  it('gives ties equal q, stays monotone in p and never exceeds 1', () => {
    const p = [0.5, 0.001, 0.5, 0.2, 1, 0.001];
    const q = benjaminiHochberg(p);
    expect(q[0]).toBe(q[2]);
    expect(q[1]).toBe(q[5]);
    // 0.001·6/2 = 0.003 for both tied smallest values.
    expect(q[1]).toBeCloseTo(0.003, 15);
    const byP = p.map((v, i) => [v, q[i]]).sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < byP.length; i++) expect(byP[i][1]).toBeGreaterThanOrEqual(byP[i - 1][1]);
    expect(q.every((v, i) => v <= 1 && v >= p[i])).toBe(true);
  });

  it('handles empty input and rejects invalid p-values', () => {
    expect(benjaminiHochberg([])).toEqual([]);
    expect(() => benjaminiHochberg([0.1, 1.2])).toThrow(RangeError);
    expect(() => benjaminiHochberg([Number.NaN])).toThrow(RangeError);
  });
});
