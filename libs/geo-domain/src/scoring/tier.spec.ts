import { tierDistribution, tierOf, tierOrNull } from './tier';

describe('tierOf (half-open on the stored 2-decimal value)', () => {
  it.each([
    [100, 'prime'],
    [80.0, 'prime'],
    [79.99, 'strong'],
    [60, 'strong'],
    [59.99, 'solid'],
    [40, 'solid'],
    [39.99, 'watch'],
    [20.0, 'watch'],
    [19.99, 'elevated'],
    [0, 'elevated'],
  ] as const)('%p → %s', (score, tier) => {
    expect(tierOf(score)).toBe(tier);
  });

  it('re-rounds to 2 decimals first, so an unrounded value gets its stored value’s tier', () => {
    // 79.995 is stored as round(79.995, 2) = 80.00 → prime; 79.994 → 79.99 → strong.
    expect(tierOf(79.995)).toBe('prime');
    expect(tierOf(79.994)).toBe('strong');
    // 19.995 → 20.00 → watch; 59.9949 → 59.99 → solid.
    expect(tierOf(19.995)).toBe('watch');
    expect(tierOf(59.9949)).toBe('solid');
  });

  it('does not clamp out-of-range values', () => {
    expect(tierOf(150)).toBe('prime');
    expect(tierOf(-5)).toBe('elevated');
  });

  it('rejects NaN and infinities', () => {
    expect(() => tierOf(Number.NaN)).toThrow(RangeError);
    expect(() => tierOf(Infinity)).toThrow(RangeError);
  });

  it('tierOrNull propagates null/undefined', () => {
    expect(tierOrNull(null)).toBeNull();
    expect(tierOrNull(undefined)).toBeNull();
    expect(tierOrNull(80)).toBe('prime');
  });
});

describe('tierDistribution', () => {
  it('excludes nulls and total = Σ buckets', () => {
    // 85, 80 → prime (2); 79.99 → strong; 45 → solid; 20 → watch; 19.99, 0 → elevated (2).
    const result = tierDistribution([85, 80, 79.99, null, 45, 20, 19.99, 0, null]);
    expect(result).toEqual({
      total: 7,
      buckets: { prime: 2, strong: 1, solid: 1, watch: 1, elevated: 2 },
    });
  });

  it('is all zeros for no values', () => {
    expect(tierDistribution([])).toEqual({
      total: 0,
      buckets: { prime: 0, strong: 0, solid: 0, watch: 0, elevated: 0 },
    });
  });
});
