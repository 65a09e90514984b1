import { estimateProduction, yieldEstimate } from './production';

describe('yield estimate', () => {
  it('moves 1.5 % of yield per 1 % of mean NDVI deviation', () => {
    expect(yieldEstimate(4, 10)).toBeCloseTo(4.6, 12);
    expect(yieldEstimate(4, -20)).toBeCloseTo(2.8, 12);
    expect(yieldEstimate(4, null)).toBe(4);
  });

  it('clamps the multiplier to ±50 %', () => {
    expect(yieldEstimate(4, 33.3)).toBeCloseTo(5.998, 12);
    expect(yieldEstimate(4, 34)).toBe(6);
    expect(yieldEstimate(4, -40)).toBe(2);
  });
});

describe('production estimate', () => {
  it('turns yield into Mt, exports and a per-port split, recomputed by hand', () => {
    const estimate = estimateProduction({
      baselineYieldTHa: 3.6,
      harvestedAreaHa: 12_000_000,
      exportShare: 0.6,
      ports: [
        { port: 'santos', share: 0.6 },
        { port: 'paranagua', share: 0.4 },
      ],
      deviationsPct: [-10, -5, 0, -5],
      expectedComposites: 10,
    });
    // mean −5 % → yield 3.6·(1 − 0.075) = 3.33 t/ha → 3.33·12e6/1e6 = 39.96 Mt
    // baseline 43.2 Mt; change 100·(39.96 − 43.2)/43.2 = −7.5 %; exports 39.96·0.6 = 23.976
    expect(estimate).toEqual({
      mean_deviation_pct: -5,
      yield_t_ha: 3.33,
      baseline_yield_t_ha: 3.6,
      production_mt: 39.96,
      baseline_production_mt: 43.2,
      change_pct: -7.5,
      export_estimate_mt: 23.976,
      port_exports: [
        { port: 'santos', share_pct: 60, estimate_mt: 14.386 },
        { port: 'paranagua', share_pct: 40, estimate_mt: 9.59 },
      ],
      composites_observed: 4,
      composites_expected: 10,
      confidence: 0.4,
    });
  });

  it('keeps the baseline with nothing observed, and caps confidence at 1', () => {
    const none = estimateProduction({
      baselineYieldTHa: 2,
      harvestedAreaHa: 1_000_000,
      exportShare: 0.5,
      ports: [],
      deviationsPct: [],
      expectedComposites: 9,
    });
    expect(none).toMatchObject({
      mean_deviation_pct: null,
      production_mt: 2,
      change_pct: 0,
      confidence: 0,
    });
    const extra = estimateProduction({
      baselineYieldTHa: 2,
      harvestedAreaHa: 1_000_000,
      exportShare: 0.5,
      ports: [],
      deviationsPct: [1, 2, 3],
      expectedComposites: 2,
    });
    expect(extra.confidence).toBe(1);
    expect(
      estimateProduction({
        baselineYieldTHa: 2,
        harvestedAreaHa: 1_000_000,
        exportShare: 0,
        ports: [],
        deviationsPct: [],
        expectedComposites: 0,
      }).confidence,
    ).toBe(0);
  });
});
