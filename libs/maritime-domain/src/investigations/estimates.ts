import { haversineNm, type LatLon } from '../geo';

/**
 * The arithmetic behind the explainability steps: the draft-based cargo estimate of a voyage,
 * the implied speed between two AIS fixes, and the nearest named place to an event.
 */

/** A loaded vessel sits between 45 % of its design draft (ballast) and 100 % (full). */
export const BALLAST_DRAFT_SHARE = 0.45;
/** Share of deadweight that is cargo (the rest is fuel, water and stores). */
export const CARGO_SHARE_OF_DWT = 0.95;
/** The estimate's stated uncertainty, as a fraction either side. */
export const CARGO_ESTIMATE_BAND = 0.08;
/** Speeds above this between two fixes are not credible for a merchant ship. */
export const SPOOFING_SPEED_CEILING_KN = 50;
/** Events farther than this from any port or zone have no location name. */
export const LOCATION_RADIUS_NM = 50;

const round = (x: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

/** (draft − 0.45·design) / (0.55·design), clamped to 0..1, 4 decimals. */
export function loadFraction(draftM: number, designDraftM: number): number {
  if (!(designDraftM > 0)) throw new RangeError('design draft must be positive');
  const raw =
    (draftM - BALLAST_DRAFT_SHARE * designDraftM) / ((1 - BALLAST_DRAFT_SHARE) * designDraftM);
  return round(Math.min(1, Math.max(0, raw)), 4);
}

export interface CargoEstimate {
  fraction: number;
  cargo_t: number;
  low_t: number;
  high_t: number;
}

/** cargo_t = fraction · dwt · 0.95 (whole tonnes), with the ±8 % band. */
export function cargoEstimate(draftM: number, designDraftM: number, dwt: number): CargoEstimate {
  const fraction = loadFraction(draftM, designDraftM);
  const cargo = Math.round(fraction * dwt * CARGO_SHARE_OF_DWT);
  return {
    fraction,
    cargo_t: cargo,
    low_t: Math.round(cargo * (1 - CARGO_ESTIMATE_BAND)),
    high_t: Math.round(cargo * (1 + CARGO_ESTIMATE_BAND)),
  };
}

export interface TimedFix extends LatLon {
  at: Date;
}

export interface ImpliedMove {
  distance_nm: number;
  elapsed_hours: number;
  /** Null when the fixes share a timestamp. */
  implied_speed_kn: number | null;
  exceeds_ceiling: boolean;
}

/** Great-circle distance over elapsed time between two fixes (2 decimals each). */
export function impliedMove(from: TimedFix, to: TimedFix): ImpliedMove {
  const distance = haversineNm(from, to);
  const hours = Math.abs(to.at.getTime() - from.at.getTime()) / 3_600_000;
  const speed = hours === 0 ? null : distance / hours;
  return {
    distance_nm: round(distance, 2),
    elapsed_hours: round(hours, 4),
    implied_speed_kn: speed === null ? null : round(speed, 2),
    exceeds_ceiling: speed === null ? distance > 1 : speed > SPOOFING_SPEED_CEILING_KN,
  };
}

export interface Place extends LatLon {
  name: string;
  kind: 'port' | 'zone';
  /** A zone's radius; its edge is what counts. 0 for a port. */
  radius_nm: number;
}

/** The port or zone nearest to `point` within 50 nm (distance to a zone's edge), or null. */
export function nearestPlace(point: LatLon, places: readonly Place[]): Place | null {
  let best: Place | null = null;
  let bestDistance = Infinity;
  for (const place of places) {
    const distance = Math.max(0, haversineNm(point, place) - place.radius_nm);
    if (distance <= LOCATION_RADIUS_NM && distance < bestDistance) {
      best = place;
      bestDistance = distance;
    }
  }
  return best;
}
