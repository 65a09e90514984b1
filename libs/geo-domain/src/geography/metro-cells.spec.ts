import { cellToLatLng, getResolution, greatCircleDistance, isValidCell } from 'h3-js';

import { circleRing, metroCells, pointInRing, type MetroShape } from './metro-cells';

const austin: MetroShape = {
  centerLat: 30.2672,
  centerLng: -97.7431,
  radiusKm: 5,
  excludePolygons: [],
};

describe('metroCells', () => {
  const cells = metroCells(austin);

  it('returns valid res-8 cells, sorted and unique', () => {
    expect(cells.length).toBeGreaterThan(80);
    expect(cells.every((cell) => isValidCell(cell) && getResolution(cell) === 8)).toBe(true);
    expect([...cells].sort()).toEqual(cells);
    expect(new Set(cells).size).toBe(cells.length);
  });

  it('keeps only cells whose centre lies within the radius', () => {
    for (const cell of cells) {
      const [lat, lng] = cellToLatLng(cell);
      const km = greatCircleDistance([lat, lng], [austin.centerLat, austin.centerLng], 'km');
      expect(km).toBeLessThanOrEqual(austin.radiusKm + 0.01);
    }
    // Res-8 cells near Austin cover ~0.85 km²: a 5 km circle (78.5 km²) holds ~93 of them.
    expect(cells.length).toBeGreaterThan(80);
    expect(cells.length).toBeLessThan(105);
  });

  it('removes the cells whose centre falls inside an exclusion polygon', () => {
    // The eastern half of the circle (east of the centre meridian), drawn wider than the circle.
    const east: [number, number][] = [
      [30.1, -97.7431],
      [30.1, -97.5],
      [30.4, -97.5],
      [30.4, -97.7431],
    ];
    const clipped = metroCells({ ...austin, excludePolygons: [east] });
    expect(clipped.length).toBeLessThan(cells.length * 0.6);
    expect(clipped.length).toBeGreaterThan(cells.length * 0.4);
    for (const cell of clipped) {
      expect(cellToLatLng(cell)[1]).toBeLessThan(-97.7431);
      expect(cells).toContain(cell);
    }
  });

  it('ignores degenerate polygons', () => {
    expect(metroCells({ ...austin, excludePolygons: [[[30, -97]]] })).toEqual(cells);
  });
});

describe('circleRing and pointInRing', () => {
  it('builds a ring whose vertices lie at the radius', () => {
    const ring = circleRing(42.36, -71.06, 10);
    for (const [lat, lng] of ring) {
      expect(greatCircleDistance([lat, lng], [42.36, -71.06], 'km')).toBeCloseTo(10, 3);
    }
    expect(pointInRing(42.36, -71.06, ring)).toBe(true);
    expect(pointInRing(42.6, -71.06, ring)).toBe(false);
  });
});
