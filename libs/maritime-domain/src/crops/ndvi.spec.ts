import { ndviDeviationPct, ndviHealth } from './ndvi';

describe('NDVI deviation', () => {
  it('is 100·(ndvi − baseline)/baseline to 2 decimals', () => {
    expect(ndviDeviationPct(0.55, 0.5)).toBe(10);
    expect(ndviDeviationPct(0.3, 0.6)).toBe(-50);
    // 100·(0.6123 − 0.5871)/0.5871 = 4.2922…
    expect(ndviDeviationPct(0.6123, 0.5871)).toBe(4.29);
  });

  it('is null without a positive baseline', () => {
    expect(ndviDeviationPct(0.4, null)).toBeNull();
    expect(ndviDeviationPct(0.4, 0)).toBeNull();
    expect(ndviDeviationPct(0.4, -0.1)).toBeNull();
  });
});

describe('NDVI health bands', () => {
  it.each([
    [25, 'excellent'],
    [10, 'excellent'],
    [9.99, 'good'],
    [0, 'good'],
    [-0.01, 'fair'],
    [-10, 'fair'],
    [-10.01, 'poor'],
    [-20, 'poor'],
    [-20.01, 'critical'],
    [-80, 'critical'],
  ])('%s %% is %s', (deviation, health) => {
    expect(ndviHealth(deviation)).toBe(health);
  });

  it('has no health without a deviation', () => {
    expect(ndviHealth(null)).toBeNull();
  });
});
