import { interval80, pipelineInterval, sampleStd } from './interval';
import { mlFeatures, mlForecast } from './ml';
import { sameWeekdayMean, statisticalForecast } from './statistical';

/** Six weeks: 2 arrivals on day-of-week 0, 1 on the others, and a spike of 6 on day 35. */
function spikySeries(): number[] {
  return Array.from({ length: 42 }, (_, t) => (t === 35 ? 6 : t % 7 === 0 ? 2 : 1));
}

describe('statistical method', () => {
  it('averages the last four same-weekday actuals known before the issue', () => {
    const y = spikySeries();
    // Day 49 (same weekday as 35): 42 is not known yet, so 35, 28, 21, 14.
    expect(sameWeekdayMean(y, 42, 49)).toBe((6 + 2 + 2 + 2) / 4);
    expect(sameWeekdayMean(y, 42, 43)).toBe(1);
    // Fewer than four in a short series; none at all is null.
    expect(sameWeekdayMean(y, 10, 14)).toBe(2);
    expect(sameWeekdayMean(y, 3, 5)).toBeNull();
  });

  it('builds the 80 % interval from σ of the 56-day residuals (hand-computed)', () => {
    // Residuals exist for t = 7..41 (35 of them): all 0 except t = 35 (6 − 2 = 4).
    // mean 4/35, Σ(r − mean)² = 16 − 16/35 = 544/35, σ = √(544/35/34) = 4/√35.
    const sigma = 4 / Math.sqrt(35);
    const half = 1.2816 * sigma;
    const out = statisticalForecast(spikySeries(), 42);
    expect(out).toHaveLength(14);
    expect(out[0]).toEqual({
      predicted: 1,
      lower_80: Math.round((1 - half) * 100) / 100,
      upper_80: Math.round((1 + half) * 100) / 100,
    });
    expect(out[0]).toEqual({ predicted: 1, lower_80: 0.13, upper_80: 1.87 });
    expect(out[6]).toEqual({ predicted: 3, lower_80: 2.13, upper_80: 3.87 });
  });

  it('uses nothing at or after the issue day', () => {
    const y = spikySeries();
    const longer = [...y, 50, 50, 50, 50, 50, 50, 50];
    expect(statisticalForecast(longer, 42)).toEqual(statisticalForecast(y, 42));
  });
});

describe('intervals', () => {
  it('takes the sample standard deviation', () => {
    expect(sampleStd([1, 3])).toBeCloseTo(Math.SQRT2, 12);
    expect(sampleStd([5])).toBe(0);
  });

  it('clamps the point and the lower bound at 0', () => {
    expect(interval80(-2, 1)).toEqual({ predicted: 0, lower_80: 0, upper_80: 1.28 });
    expect(interval80(10, 2)).toEqual({ predicted: 10, lower_80: 7.44, upper_80: 12.56 });
  });

  it('gives the pipeline λ ± 1.2816·√λ', () => {
    expect(pipelineInterval(4)).toEqual({ predicted: 4, lower_80: 1.44, upper_80: 6.56 });
    expect(pipelineInterval(0.25)).toEqual({ predicted: 0.25, lower_80: 0, upper_80: 0.89 });
    expect(pipelineInterval(0)).toEqual({ predicted: 0, lower_80: 0, upper_80: 0 });
  });
});

describe('ml method', () => {
  it('builds [1, lag1, lag7, lag14, mean7, 6 weekday dummies]', () => {
    const y = Array.from({ length: 20 }, (_, t) => t);
    // Day 15 with day 0 a Sunday: (0 + 15) mod 7 = 1, a Monday.
    expect(mlFeatures(y, 15, 0)).toEqual([1, 14, 8, 1, 11, 1, 0, 0, 0, 0, 0]);
    // Day 14 is a Sunday, the baseline: every dummy 0.
    expect(mlFeatures(y, 14, 0).slice(5)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('forecasts a flat series near its level, recursively, from data before the issue only', () => {
    const y = new Array<number>(120).fill(3);
    const out = mlForecast(y, 120, 4);
    expect(out).toHaveLength(14);
    for (const f of out) {
      expect(f.predicted).toBeGreaterThan(2.8);
      expect(f.predicted).toBeLessThanOrEqual(3.01);
      expect(f.lower_80).toBeLessThanOrEqual(f.predicted);
      expect(f.upper_80).toBeGreaterThanOrEqual(f.predicted);
    }
    expect(mlForecast([...y, 40, 40], 120, 4)).toEqual(out);
  });

  it('predicts 0 with under two weeks of history', () => {
    expect(mlForecast([1, 2, 3], 3, 0).every((f) => f.predicted === 0)).toBe(true);
  });
});
