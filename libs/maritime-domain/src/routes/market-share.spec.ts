import { marketSharePct, originTotals, withMarketShare } from './index';

describe('route flow market share', () => {
  it('is 100 · pair tonnage / all tonnage leaving the origin that month, to 2 decimals', () => {
    expect(marketSharePct(0.03, 0.12)).toBe(25);
    expect(marketSharePct(1, 3)).toBe(33.33);
    expect(marketSharePct(2, 3)).toBe(66.67);
    expect(marketSharePct(0, 0.5)).toBe(0);
  });

  it('has no share for an origin that shipped nothing', () => {
    expect(marketSharePct(0, 0)).toBeNull();
  });

  it('sums every destination and vessel type of an origin, per month', () => {
    const rows = [
      { period: '2026-01', origin: 'rotterdam', destination: 'singapore', tonnage_mt: 0.03 },
      { period: '2026-01', origin: 'rotterdam', destination: 'singapore', tonnage_mt: 0.01 },
      { period: '2026-01', origin: 'rotterdam', destination: 'santos', tonnage_mt: 0.06 },
      { period: '2026-02', origin: 'rotterdam', destination: 'santos', tonnage_mt: 0.05 },
      { period: '2026-01', origin: 'santos', destination: 'rotterdam', tonnage_mt: 0.2 },
    ];
    expect(originTotals(rows).get('2026-01|rotterdam')).toBeCloseTo(0.1, 12);
    expect(withMarketShare(rows).map((r) => r.market_share_pct)).toEqual([30, 10, 60, 100, 100]);
  });
});
