import {
  dailySeries,
  hotspotTrend,
  trendFromHalves,
  trendHalves,
  trendWindows,
} from './hotspot-trend';

describe('trendFromHalves', () => {
  it('matches the documented examples: 2→8 increasing, 5→5 stable, 8→2 declining', () => {
    expect(trendFromHalves(2, 8)).toBe('increasing'); // r = 6/2 = 3, Δ = 6
    expect(trendFromHalves(5, 5)).toBe('stable'); // r = 0
    expect(trendFromHalves(8, 2)).toBe('declining'); // r = −6/8 = −0.75, Δ = 6
  });

  it('needs an absolute change of at least 3', () => {
    expect(trendFromHalves(0, 2)).toBe('stable'); // r = 2/max(0,1) = 2, but Δ = 2
    expect(trendFromHalves(0, 3)).toBe('increasing'); // r = 3, Δ = 3
    expect(trendFromHalves(1, 3)).toBe('stable'); // r = 2, Δ = 2
    expect(trendFromHalves(2, 0)).toBe('stable'); // r = −1, Δ = 2
    expect(trendFromHalves(3, 0)).toBe('declining'); // r = −1, Δ = 3
  });

  it('needs |r| ≥ 0.25, inclusive', () => {
    expect(trendFromHalves(12, 15)).toBe('increasing'); // r = 3/12 = 0.25
    expect(trendFromHalves(13, 16)).toBe('stable'); // r = 3/13 ≈ 0.23
    expect(trendFromHalves(16, 12)).toBe('declining'); // r = −4/16 = −0.25
    expect(trendFromHalves(17, 13)).toBe('stable'); // r = −4/17 ≈ −0.235
    expect(trendFromHalves(100, 124)).toBe('stable'); // r = 0.24 although Δ = 24
  });

  it('rejects negative or fractional counts', () => {
    expect(() => trendFromHalves(-1, 2)).toThrow(RangeError);
    expect(() => trendFromHalves(1.5, 2)).toThrow(RangeError);
  });
});

describe('hotspotTrend over daily counts (oldest first)', () => {
  it('sums the oldest and newest h = ⌊days/2⌋ days', () => {
    // days 4, h 2: c1 = 1 + 1 = 2, c2 = 3 + 2 = 5 → r = 1.5, Δ = 3 → increasing
    expect(trendHalves([1, 1, 3, 2])).toEqual({ c1: 2, c2: 5 });
    expect(hotspotTrend([1, 1, 3, 2])).toBe('increasing');
  });

  it('ignores the middle day when days is odd', () => {
    // days 7, h 3: c1 = 1+2+3 = 6, middle 4 skipped, c2 = 5+6+7 = 18
    expect(trendHalves([1, 2, 3, 4, 5, 6, 7])).toEqual({ c1: 6, c2: 18 });
    // days 5, h 2: the spike on day 3 counts in neither half → 2 vs 2 → stable
    expect(hotspotTrend([1, 1, 100, 1, 1])).toBe('stable');
    // c1 = 0, c2 = 1 + 2 = 3 (middle 9 skipped) → r = 3, Δ = 3 → increasing
    expect(hotspotTrend([0, 0, 9, 1, 2])).toBe('increasing');
  });

  it('is stable for windows too short to split', () => {
    expect(hotspotTrend([50])).toBe('stable'); // h = 0
    expect(hotspotTrend([])).toBe('stable');
  });
});

describe('trendWindows', () => {
  it('splits the last N days including today into inclusive halves', () => {
    // 7 days ending 03-10: 03-04..03-10; older 03-04..03-06; middle 03-07; newer 03-08..03-10
    expect(trendWindows('2025-03-10', 7)).toEqual({
      window: { from: '2025-03-04', to: '2025-03-10' },
      older: { from: '2025-03-04', to: '2025-03-06' },
      newer: { from: '2025-03-08', to: '2025-03-10' },
    });
  });

  it('crosses month ends in UTC', () => {
    // 4 days ending 03-01 (2025 is not a leap year): 02-26, 02-27 | 02-28, 03-01
    expect(trendWindows('2025-03-01', 4)).toEqual({
      window: { from: '2025-02-26', to: '2025-03-01' },
      older: { from: '2025-02-26', to: '2025-02-27' },
      newer: { from: '2025-02-28', to: '2025-03-01' },
    });
    // 90 days: today − 89
    expect(trendWindows('2025-03-31', 90).window.from).toBe('2025-01-01');
  });

  it('rejects bad input', () => {
    expect(() => trendWindows('2025-03-10', 0)).toThrow(RangeError);
    expect(() => trendWindows('2025-02-30', 7)).toThrow(RangeError);
  });
});

describe('dailySeries', () => {
  it('densifies sparse rows, adds same-day rows and ignores rows outside the window', () => {
    // window 03-04..03-10; 03-09 has 2 + 1; 03-03 is outside
    const rows = [
      { day: '2025-03-09', count: 2 },
      { day: '2025-03-09', count: 1 },
      { day: '2025-03-04', count: 4 },
      { day: '2025-03-03', count: 100 },
    ];
    expect(dailySeries(rows, '2025-03-10', 7)).toEqual([4, 0, 0, 0, 0, 3, 0]);
  });
});
