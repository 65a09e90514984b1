import { cellToLatLng, gridDisk, latLngToCell } from 'h3-js';
import { haversineMeters } from './haversine';
import { diskUnion } from './disk-union';
import { nearestPermit, permitsByCell } from './nearest-permit';

describe('nearestPermit', () => {
  const cell = latLngToCell(30.2672, -97.7431, 8);
  const [lat, lng] = cellToLatLng(cell);
  const detection = {
    h3Index: cell,
    lat,
    lng,
    firstDetected: '2025-03-01',
    lastDetected: '2025-05-01',
  };
  const permit = (
    id: string,
    dLng: number,
    filedDate: string,
    h3Index = cell,
  ): {
    id: string;
    h3Index: string;
    lat: number;
    lng: number;
    filedDate: string;
  } => ({ id, h3Index, lat, lng: lng + dLng, filedDate });

  it('picks the closest permit filed in [first − 365 d, last] within gridDisk(cell, 1)', () => {
    const far = permit('far', 0.003, '2024-03-01');
    const old = permit('old', 0.0001, '2024-02-29');
    const late = permit('late', 0.0001, '2025-05-02');
    const near = permit('near', 0.001, '2025-05-01');
    const result = nearestPermit(detection, permitsByCell([far, old, late, near]));
    expect(result).toEqual({
      id: 'near',
      distanceM: haversineMeters(lat, lng, near.lat, near.lng),
    });
  });

  it('ignores permits outside gridDisk(cell, 1) and breaks ties by id', () => {
    const outside = gridDisk(cell, 2).find((c) => !gridDisk(cell, 1).includes(c)) as string;
    expect(
      nearestPermit(detection, permitsByCell([permit('x', 0, '2025-01-01', outside)])),
    ).toBeNull();
    const tie = nearestPermit(
      detection,
      permitsByCell([permit('b', 0.001, '2025-01-01'), permit('a', -0.001, '2025-01-01')]),
    );
    expect(tie?.id).toBe('a');
  });

  it('diskUnion covers each cell and its ring once', () => {
    const union = diskUnion([cell, cell]);
    expect(union).toHaveLength(7);
    expect(union).toEqual([...gridDisk(cell, 1)].sort());
  });
});
