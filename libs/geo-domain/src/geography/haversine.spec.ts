import { EARTH_RADIUS_M, haversineBounds, haversineMeters } from './haversine';

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

/** The point `meters` from (lat, lng) along `bearing` degrees on the same sphere. */
function destination(lat: number, lng: number, bearing: number, meters: number): [number, number] {
  const rad = Math.PI / 180;
  const angle = meters / EARTH_RADIUS_M;
  const phi = lat * rad;
  const theta = bearing * rad;
  const phi2 = Math.asin(
    Math.sin(phi) * Math.cos(angle) + Math.cos(phi) * Math.sin(angle) * Math.cos(theta),
  );
  const lambda2 =
    lng * rad +
    Math.atan2(
      Math.sin(theta) * Math.sin(angle) * Math.cos(phi),
      Math.cos(angle) - Math.sin(phi) * Math.sin(phi2),
    );
  return [phi2 / rad, ((lambda2 / rad + 540) % 360) - 180];
}

describe('haversineBounds', () => {
  it('holds every point the haversine test keeps, at every bearing and latitude', () => {
    const centres: [number, number][] = [
      [42.3601, -71.0589],
      [30.2672, -97.7431],
      [0, 0],
      [-33.87, 151.21],
      [71.29, -156.79],
      [-77.85, 166.67],
      [89.995, 10],
      [12.5, 179.995],
    ];
    for (const [lat, lng] of centres) {
      const box = haversineBounds(lat, lng, 1000);
      for (let bearing = 0; bearing < 360; bearing += 0.5) {
        for (const meters of [1000, 999.999, 700]) {
          const [pLat, pLng] = destination(lat, lng, bearing, meters);
          if (haversineMeters(lat, lng, pLat, pLng) > 1000) continue;
          const inside =
            pLat >= box.minLat && pLat <= box.maxLat && pLng >= box.minLng && pLng <= box.maxLng;
          expect({ lat, lng, bearing, meters, inside }).toEqual({
            lat,
            lng,
            bearing,
            meters,
            inside: true,
          });
        }
      }
    }
  });

  it('is tight away from the poles: about 2 km by 2 km', () => {
    const box = haversineBounds(42.3601, -71.0589, 1000);
    expect(box.maxLat - box.minLat).toBeCloseTo(0.018, 3);
    expect(box.maxLng - box.minLng).toBeCloseTo(0.0243, 3);
  });

  it('drops the longitude test where the circle reaches a pole or crosses the antimeridian', () => {
    expect(haversineBounds(89.995, 10, 1000)).toMatchObject({
      maxLat: 90,
      minLng: -180,
      maxLng: 180,
    });
    expect(haversineBounds(12.5, 179.995, 1000)).toMatchObject({ minLng: -180, maxLng: 180 });
  });
});
