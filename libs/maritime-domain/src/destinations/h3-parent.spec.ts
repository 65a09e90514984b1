import { cellToParent, latLngToCell } from 'h3-js';
import { h3CellParent } from './h3-parent';

describe('h3CellParent', () => {
  it('matches h3-js cellToParent at every resolution for cells around the globe', () => {
    let checked = 0;
    for (let lat = -85; lat <= 85; lat += 7.3)
      for (let lon = -180; lon < 180; lon += 11.9) {
        const cell = latLngToCell(lat, lon, 8);
        for (let res = 0; res <= 8; res += 1) {
          expect(h3CellParent(cell, res)).toBe(cellToParent(cell, res));
          checked += 1;
        }
      }
    expect(checked).toBeGreaterThan(2000);
  });
});
