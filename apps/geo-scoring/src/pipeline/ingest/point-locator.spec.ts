import { cellToParent, latLngToCell } from 'h3-js';
import type { SqlRunner } from '@platform/database';
import { isRes8Cell, PointLocator, pointCell } from './point-locator';

describe('point locator', () => {
  const inside = { lat: 30.2672, lng: -97.7431 };
  const outside = { lat: 0, lng: 0 };
  const insideCell = latLngToCell(inside.lat, inside.lng, 8);

  it('computes the res-8 cell of a point', () => {
    expect(pointCell(inside.lat, inside.lng)).toBe(insideCell);
    expect(isRes8Cell(insideCell)).toBe(true);
    expect(isRes8Cell(latLngToCell(0, 0, 9))).toBe(false);
    expect(isRes8Cell('not-a-cell')).toBe(false);
    expect(isRes8Cell(insideCell.toUpperCase())).toBe(false);
  });

  it('locates points through one cells query and returns null outside every metro', async () => {
    const calls: unknown[][] = [];
    const db: SqlRunner = {
      query: <T>(_sql: string, parameters?: unknown[]): Promise<T> => {
        calls.push(parameters ?? []);
        return Promise.resolve([
          { h3_index: insideCell, metro_slug: 'atx', h3_r5: cellToParent(insideCell, 5) },
        ] as T);
      },
    };
    const located = await new PointLocator(db).locate([inside, outside, inside]);
    expect(calls).toHaveLength(1);
    expect(located[0]).toEqual({
      h3Index: insideCell,
      h3R5: cellToParent(insideCell, 5),
      metroSlug: 'atx',
    });
    expect(located[1]).toBeNull();
    expect(located[2]).toEqual(located[0]);
  });

  it('asks nothing for an empty list', async () => {
    const db: SqlRunner = { query: () => Promise.reject(new Error('unexpected query')) };
    await expect(new PointLocator(db).locate([])).resolves.toEqual([]);
  });
});
