import { accuracyMetrics, directionMatches } from './accuracy';
import { haversineNm } from '../geo';
import { destinationProbabilities, etaHorizonDays } from './pipeline';

describe('accuracy metrics', () => {
  it('computes MAE over all points and MAPE over non-zero actuals only', () => {
    const metrics = accuracyMetrics([
      { predicted: 3, actual: 2, base: 2 }, // |1|, ape 0.5
      { predicted: 1, actual: 0, base: 1 }, // |1|, left out of MAPE
      { predicted: 5, actual: 4, base: 4 }, // |1|, ape 0.25
      { predicted: 2, actual: 2, base: 1 }, // |0|, ape 0
    ]);
    expect(metrics.n).toBe(4);
    expect(metrics.n_mape).toBe(3);
    expect(metrics.mae).toBe(0.75);
    expect(metrics.mape_pct).toBe(25); // (0.5 + 0.25 + 0) / 3 · 100
  });

  it('counts direction ties: no change predicted and none seen is a match', () => {
    expect(directionMatches({ predicted: 2, actual: 2, base: 2 })).toBe(true);
    expect(directionMatches({ predicted: 0, actual: 0, base: 0 })).toBe(true);
    expect(directionMatches({ predicted: 2, actual: 3, base: 2 })).toBe(false);
    expect(directionMatches({ predicted: 3, actual: 5, base: 2 })).toBe(true);
    expect(directionMatches({ predicted: 1, actual: 0, base: 2 })).toBe(true);
    expect(directionMatches({ predicted: 3, actual: 1, base: 2 })).toBe(false);
    const metrics = accuracyMetrics([
      { predicted: 0, actual: 0, base: 0 },
      { predicted: 2, actual: 3, base: 2 },
      { predicted: 3, actual: 5, base: 2 },
    ]);
    expect(metrics.directional_accuracy_pct).toBe(66.67);
  });

  it('answers nulls without points, and a null MAPE when every actual is 0', () => {
    expect(accuracyMetrics([])).toEqual({
      n: 0,
      n_mape: 0,
      mae: null,
      mape_pct: null,
      directional_accuracy_pct: null,
    });
    const zeros = accuracyMetrics([{ predicted: 1.5, actual: 0, base: 0 }]);
    expect(zeros).toMatchObject({ n: 1, n_mape: 0, mae: 1.5, mape_pct: null });
  });
});

describe('pipeline inputs', () => {
  it('gives the declared port its reliability and spreads the rest over the model', () => {
    const p = destinationProbabilities('7', 0.6, [
      { portId: '7', probability: 0.5 },
      { portId: '9', probability: 0.5 },
    ]);
    expect(p.get('7')).toBeCloseTo(0.8, 12);
    expect(p.get('9')).toBeCloseTo(0.2, 12);
  });

  it('drops the rest without a model and uses the model alone without a declaration', () => {
    expect([...destinationProbabilities('7', 0.6, null)]).toEqual([['7', 0.6]]);
    expect([...destinationProbabilities(null, 0.9, [{ portId: '3', probability: 1 }])]).toEqual([
      ['3', 1],
    ]);
  });

  it('turns the ETA into whole days after the issue day', () => {
    const issue = Date.UTC(2026, 2, 1);
    // 60° of longitude on the equator is 3600 nm: 300 h at 12 kn, 12.5 days → day 12.
    const nm = haversineNm({ lat: 0, lon: 0 }, { lat: 0, lon: 60 });
    expect(etaHorizonDays(issue, nm, 12)).toBe(12);
    // An unknown speed (0) falls back to 12 kn; 5 nm is hours away: the issue day itself.
    expect(etaHorizonDays(issue, nm, 0)).toBe(12);
    expect(etaHorizonDays(issue, 5, 12)).toBe(0);
    expect(etaHorizonDays(issue, 24 * 12, 12)).toBe(1);
  });
});
