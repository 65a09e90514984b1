import { haversineKm, haversineNm, initialBearingDeg, interpolateGreatCircle } from './index';

describe('great-circle geometry', () => {
  const rotterdam = { lat: 51.95, lon: 4.05 };
  const singapore = { lat: 1.26, lon: 103.78 };

  it('measures distances in km and nautical miles', () => {
    // One degree of latitude is 60 nm by definition of the nautical mile (to ~0.2 % here).
    expect(haversineNm({ lat: 0, lon: 0 }, { lat: 1, lon: 0 })).toBeCloseTo(60.04, 1);
    expect(haversineKm(rotterdam, singapore)).toBeGreaterThan(10_400);
    expect(haversineKm(rotterdam, singapore)).toBeLessThan(10_600);
    expect(haversineKm(rotterdam, rotterdam)).toBe(0);
  });

  it('gives bearings clockwise from north', () => {
    expect(initialBearingDeg({ lat: 0, lon: 0 }, { lat: 1, lon: 0 })).toBeCloseTo(0, 6);
    expect(initialBearingDeg({ lat: 0, lon: 0 }, { lat: 0, lon: 1 })).toBeCloseTo(90, 6);
    expect(initialBearingDeg({ lat: 0, lon: 0 }, { lat: -1, lon: 0 })).toBeCloseTo(180, 6);
  });

  it('interpolates along the great circle, across the antimeridian too', () => {
    const mid = interpolateGreatCircle({ lat: 0, lon: 170 }, { lat: 0, lon: -170 }, 0.5);
    expect(mid.lat).toBeCloseTo(0, 9);
    expect(Math.abs(mid.lon)).toBeCloseTo(180, 6);
    const start = interpolateGreatCircle(rotterdam, singapore, 0);
    expect(start.lat).toBeCloseTo(rotterdam.lat, 9);
    const quarter = interpolateGreatCircle(rotterdam, singapore, 0.25);
    expect(haversineKm(rotterdam, quarter)).toBeCloseTo(haversineKm(rotterdam, singapore) / 4, 3);
  });
});
