import {
  DEFAULT_SPEED_KN,
  destinationProbabilities,
  etaHorizonDays,
  haversineNm,
  type LatLon,
  type PortProbability,
} from '@platform/maritime-domain';
import { cellToLatLng } from 'h3-js';
import type { ForecastPort, UnderwayVoyageRow } from './forecast-inputs.repository';
import type { DestinationTrack, IncrementalDestinations } from './incremental-destinations';

const HOUR_MS = 3_600_000;
/** Below this much track, the mean speed is unknown and 12 kn is assumed. */
const MIN_TRACK_HOURS = 6;

const EARTH_RADIUS_NM = 6371.0088 / 1.852;
const toRad = (deg: number): number => (deg * Math.PI) / 180;

/** A point as a unit vector: distances to many ports then cost a dot product each. */
type Unit = readonly [number, number, number];

function unit(point: LatLon): Unit {
  const lat = toRad(point.lat);
  const lon = toRad(point.lon);
  return [Math.cos(lat) * Math.cos(lon), Math.cos(lat) * Math.sin(lon), Math.sin(lat)];
}

/** Great-circle nm between unit vectors (the chord form: as exact as haversine). */
function unitNm(a: Unit, b: Unit): number {
  const chord = Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
  return 2 * EARTH_RADIUS_NM * Math.asin(Math.min(1, chord / 2));
}

/** A voyage's track prepared once: cell centres and the along-track distance up to each. */
export interface PreparedVoyage {
  departMs: number;
  /** arrived_at, or (while under way) departed_at + hours_at_sea: when the stored track ends. */
  trackEndMs: number;
  /** Arrived voyages stop counting from this instant. */
  arrivedMs: number | null;
  laden: boolean | null;
  declaredPortId: string | null;
  reliability: number;
  cells: readonly string[];
  points: readonly LatLon[];
  cumulativeNm: readonly number[];
  /** The destination model's running scores along this track, made on first use. */
  track?: DestinationTrack;
}

export function prepareVoyage(row: UnderwayVoyageRow): PreparedVoyage | null {
  if (row.h3_sequence.length === 0) return null;
  const departMs = row.departed_at.getTime();
  const arrivedMs = row.arrived_at?.getTime() ?? null;
  const points = row.h3_sequence.map((cell) => {
    const [lat, lon] = cellToLatLng(cell);
    return { lat, lon };
  });
  const cumulativeNm = [0];
  for (let i = 1; i < points.length; i += 1)
    cumulativeNm.push(
      (cumulativeNm[i - 1] as number) + haversineNm(points[i - 1] as LatLon, points[i] as LatLon),
    );
  return {
    departMs,
    trackEndMs: arrivedMs ?? departMs + (row.hours_at_sea ?? 0) * HOUR_MS,
    arrivedMs,
    laden: row.laden,
    declaredPortId: row.declared_port_id,
    reliability: row.reliability,
    cells: row.h3_sequence,
    points,
    cumulativeNm,
  };
}

/**
 * Expected arrivals λ[port][h − 1] for h = 1..horizons at the issue instant `issueMs` (the issue
 * day's 00:00 UTC), from every voyage under way then (departed before, not yet arrived).
 *
 * The track so far is the stored H3 track cut at the share of its time span already sailed (the
 * cells are sampled evenly in time); its last cell is the latest position, and its along-track
 * length over the hours sailed is the mean speed (12 kn under 6 h or without movement). ETA =
 * issue + great-circle nm from there to the port / that speed.
 */
export function pipelineArrivals(
  voyages: readonly PreparedVoyage[],
  issueMs: number,
  ports: readonly ForecastPort[],
  destinations: IncrementalDestinations | null,
  horizons = 14,
): Map<string, number[]> {
  const byId = new Map(ports.map((p) => [p.id, unit(p)]));
  const lambda = new Map(ports.map((p) => [p.id, new Array<number>(horizons).fill(0)]));
  for (const voyage of voyages) {
    if (voyage.departMs >= issueMs) continue;
    if (voyage.arrivedMs !== null && voyage.arrivedMs < issueMs) continue;
    const span = voyage.trackEndMs - voyage.departMs;
    const share = span > 0 ? Math.min(1, (issueMs - voyage.departMs) / span) : 1;
    const last = Math.round(share * (voyage.cells.length - 1));
    const hours = (share * span) / HOUR_MS;
    const nm = voyage.cumulativeNm[last] as number;
    const speed = hours >= MIN_TRACK_HOURS && nm > 0 ? nm / hours : DEFAULT_SPEED_KN;
    let scores: PortProbability[] | null = null;
    if (destinations !== null) {
      voyage.track ??= destinations.track(voyage.cells, voyage.laden);
      scores = voyage.track.distribution(last + 1);
    }
    const position = unit(voyage.points[last] as LatLon);
    for (const [portId, probability] of destinationProbabilities(
      voyage.declaredPortId,
      voyage.reliability,
      scores,
    )) {
      const port = byId.get(portId);
      const row = lambda.get(portId);
      if (port === undefined || row === undefined) continue;
      const h = etaHorizonDays(issueMs, unitNm(position, port), speed);
      if (h >= 1 && h <= horizons) row[h - 1] = (row[h - 1] as number) + probability;
    }
  }
  return lambda;
}
