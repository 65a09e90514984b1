import { haversineNm } from '../geo';
import { cargoEstimate, impliedMove, loadFraction, nearestPlace, type Place } from './estimates';

describe('cargo estimate', () => {
  it('load fraction = (draft − 0.45·design)/(0.55·design), clamped', () => {
    expect(loadFraction(12, 12)).toBe(1);
    expect(loadFraction(5.4, 12)).toBe(0);
    expect(loadFraction(4, 12)).toBe(0);
    expect(loadFraction(14, 12)).toBe(1);
    // (10 − 5.4) / 6.6 = 0.69697
    expect(loadFraction(10, 12)).toBe(0.697);
  });

  it('cargo_t = fraction · dwt · 0.95 with a ±8 % band', () => {
    expect(cargoEstimate(10, 12, 50_000)).toEqual({
      fraction: 0.697,
      cargo_t: Math.round(0.697 * 50_000 * 0.95),
      low_t: Math.round(33_108 * 0.92),
      high_t: Math.round(33_108 * 1.08),
    });
  });
});

describe('implied move', () => {
  it('distance over elapsed time, flagged above 50 kn', () => {
    const from = { lat: 0, lon: 0, at: new Date('2026-05-10T00:00:00Z') };
    const to = { lat: 0, lon: 2, at: new Date('2026-05-10T01:00:00Z') };
    const nm = haversineNm(from, to);
    const move = impliedMove(from, to);
    expect(move.distance_nm).toBeCloseTo(nm, 2);
    expect(move.elapsed_hours).toBe(1);
    expect(move.implied_speed_kn).toBeCloseTo(nm, 2);
    expect(move.exceeds_ceiling).toBe(true);
    const slow = impliedMove(from, { ...to, lon: 0.5 });
    expect(slow.exceeds_ceiling).toBe(false);
  });
});

describe('nearest place', () => {
  const places: Place[] = [
    { name: 'Port A', kind: 'port', lat: 0, lon: 0, radius_nm: 0 },
    { name: 'Zone B', kind: 'zone', lat: 0, lon: 2, radius_nm: 80 },
  ];
  it('picks the nearest within 50 nm, measuring zones to their edge', () => {
    // (0, 0.5) is 30 nm from Port A and about 90 − 80 = 10 nm from Zone B's edge.
    expect(nearestPlace({ lat: 0, lon: 0.5 }, places)?.name).toBe('Zone B');
    expect(nearestPlace({ lat: 0, lon: -0.5 }, places)?.name).toBe('Port A');
    expect(nearestPlace({ lat: 10, lon: -10 }, places)).toBeNull();
  });
});
