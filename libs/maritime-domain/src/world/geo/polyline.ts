/**
 * A path of great-circle legs with cumulative distances, answering "where is the point d nautical
 * miles along" quickly: each leg's end points are kept as unit vectors with their angle, so a
 * lookup is one spherical interpolation. Lookups usually move forward, so the last leg is cached.
 */
import { haversineNm, initialBearingDeg } from '../../geo';
import type { LatLon } from '../../geo';

const toRad = Math.PI / 180;
const toDeg = 180 / Math.PI;

export class Polyline {
  readonly points: readonly LatLon[];
  /** cumulative[i] = nm from the first point to point i. */
  readonly cumulative: Float64Array;
  readonly lengthNm: number;
  /** Unit vectors of the points, x y z interleaved. */
  private readonly unit: Float64Array;
  /** Angle of each leg (radians) and its sine. */
  private readonly angle: Float64Array;
  private readonly sinAngle: Float64Array;
  private cursor = 0;

  constructor(points: readonly LatLon[]) {
    if (points.length < 2) throw new RangeError('a polyline needs two points');
    this.points = points;
    const n = points.length;
    this.cumulative = new Float64Array(n);
    this.unit = new Float64Array(3 * n);
    this.angle = new Float64Array(n);
    this.sinAngle = new Float64Array(n);
    points.forEach((p, i) => {
      const φ = p.lat * toRad;
      const λ = p.lon * toRad;
      this.unit[3 * i] = Math.cos(φ) * Math.cos(λ);
      this.unit[3 * i + 1] = Math.cos(φ) * Math.sin(λ);
      this.unit[3 * i + 2] = Math.sin(φ);
    });
    for (let i = 1; i < n; i += 1) {
      const nm = haversineNm(points[i - 1] as LatLon, points[i] as LatLon);
      this.cumulative[i] = (this.cumulative[i - 1] as number) + nm;
      const u = this.unit;
      const dot =
        u[3 * i - 3] * u[3 * i] + u[3 * i - 2] * u[3 * i + 1] + u[3 * i - 1] * u[3 * i + 2];
      const δ = Math.acos(Math.max(-1, Math.min(1, dot)));
      this.angle[i - 1] = δ;
      this.sinAngle[i - 1] = Math.sin(δ);
    }
    this.lengthNm = this.cumulative[n - 1] as number;
  }

  /** Index of the leg containing distance d (clamped to the path). */
  private legAt(d: number): number {
    const last = this.points.length - 2;
    let i = Math.min(this.cursor, last);
    if ((this.cumulative[i] as number) > d) i = 0;
    while (i < last && (this.cumulative[i + 1] as number) < d) i += 1;
    this.cursor = i;
    return i;
  }

  /** The point `d` nm along the path. */
  pointAt(d: number): LatLon {
    const clamped = Math.max(0, Math.min(this.lengthNm, d));
    const i = this.legAt(clamped);
    const start = this.cumulative[i] as number;
    const legLength = (this.cumulative[i + 1] as number) - start;
    const f = legLength > 0 ? (clamped - start) / legLength : 0;
    const δ = this.angle[i] as number;
    const s = this.sinAngle[i] as number;
    if (s < 1e-12) return this.points[i] as LatLon;
    const a = Math.sin((1 - f) * δ) / s;
    const b = Math.sin(f * δ) / s;
    const u = this.unit;
    const x = a * u[3 * i] + b * u[3 * i + 3];
    const y = a * u[3 * i + 1] + b * u[3 * i + 4];
    const z = a * u[3 * i + 2] + b * u[3 * i + 5];
    return { lat: Math.atan2(z, Math.sqrt(x * x + y * y)) * toDeg, lon: Math.atan2(y, x) * toDeg };
  }

  /** The course over ground at distance d: the bearing towards the end of the current leg. */
  courseAt(d: number, at: LatLon): number {
    const i = this.legAt(Math.max(0, Math.min(this.lengthNm, d)));
    const end = this.points[i + 1] as LatLon;
    if (haversineNm(at, end) < 0.05) return initialBearingDeg(this.points[i] as LatLon, end);
    return initialBearingDeg(at, end);
  }

  /** This path followed by `next` (whose first point should equal this path's last). */
  concat(next: Polyline): Polyline {
    return new Polyline([...this.points, ...next.points.slice(1)]);
  }
}
