import { EARTH_RADIUS_M, haversineMeters } from './haversine';

describe('haversineMeters', () => {
  it('is zero for the same point', () => {
    expect(haversineMeters(30.2672, -97.7431, 30.2672, -97.7431)).toBe(0);
  });

  it('gives R·Δφ along a meridian', () => {
    const expected = EARTH_RADIUS_M * (Math.PI / 180);
    expect(haversineMeters(0, 0, 1, 0)).toBeCloseTo(expected, 6);
    expect(haversineMeters(45, 10, 46, 10)).toBeCloseTo(expected, 6);
  });

  it('is symmetric and handles antipodes', () => {
    const a = haversineMeters(42.3601, -71.0589, 47.6062, -122.3321);
    expect(haversineMeters(47.6062, -122.3321, 42.3601, -71.0589)).toBeCloseTo(a, 6);
    expect(haversineMeters(0, 0, 0, 180)).toBeCloseTo(Math.PI * EARTH_RADIUS_M, 3);
  });

  it('matches a known city pair (Boston to Seattle ≈ 4,000 km)', () => {
    const km = haversineMeters(42.3601, -71.0589, 47.6062, -122.3321) / 1000;
    expect(km).toBeGreaterThan(3990);
    expect(km).toBeLessThan(4010);
  });
});
