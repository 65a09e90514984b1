/** Shared shapes of the generator's in-memory world (rows are built from these). */
import type { LatLon } from '../geo';
import type { CommoditySlug } from './reference/commodities';
import type { Polyline } from './geo/polyline';

export type WorldProfile = 'small' | 'default' | 'large';

export interface WorldOptions {
  profile: WorldProfile;
  seed: number;
  /** `YYYY-MM-DD`; the world ends at 00:00 UTC of this day. */
  asOf: string;
}

export const VESSEL_TYPES = [
  'bulk_carrier',
  'tanker',
  'container',
  'chemical_tanker',
  'general_cargo',
  'lng_carrier',
  'cargo',
  'fishing',
  'passenger',
  'service',
  'other',
] as const;

export type VesselType = (typeof VESSEL_TYPES)[number];

export type FuelType = 'HFO' | 'VLSFO' | 'MGO' | 'LNG';

/** The hidden behaviour a vessel is generated with; never written to a table. */
export type BehaviourProfile = 'clean' | 'grey' | 'dark';

export type RiskTier = 'low' | 'medium' | 'high' | 'critical';

export interface IdentityChange {
  field: 'name' | 'flag' | 'mmsi';
  oldValue: string;
  newValue: string;
  changedAt: number;
}

export interface Vessel {
  /** 0-based position in the fleet; the vessel's streams are named after it. */
  index: number;
  imo: string;
  mmsi: string;
  name: string;
  type: VesselType;
  sizeClass: string;
  flag: string;
  buildYear: number;
  dwt: number;
  gt: number;
  lengthM: number;
  beamM: number;
  designDraftM: number;
  designSpeedKn: number;
  designFuelTDay: number;
  fuelType: FuelType;
  ownerName: string;
  managerName: string;
  profile: BehaviourProfile;
  targetTier: RiskTier;
  /** Identity changes, oldest first; the last new values are the current identity. */
  identity: IdentityChange[];
  /** Seed of the stateless per-fix noise of this vessel's track. */
  noiseKey: number;
}

export type StopKind = 'sts' | 'loiter' | 'unplanned' | 'fishing' | 'work';

/** A period a vessel spends (almost) stationary at sea during a voyage. */
export interface Stop {
  kind: StopKind;
  atNm: number;
  startMs: number;
  endMs: number;
  position: LatLon;
  zone: number | null;
  /** Draft after the stop when cargo moved (ship-to-ship transfer), else null. */
  draftAfterM: number | null;
  /** Index in the world's STS list, for transfers. */
  sts: number | null;
}

/** A piece of a voyage's motion: moving from d0 to d1 nm, or stopped when d0 = d1. */
export interface MotionSegment {
  t0: number;
  t1: number;
  d0: number;
  d1: number;
  stop: Stop | null;
}

export interface Voyage {
  vessel: number;
  /** 1-based row id, assigned once the whole fleet is built. */
  id: number;
  origin: number;
  dest: number;
  departMs: number;
  /** Arrival at the destination's anchorage; after asOf while under way. */
  arriveMs: number;
  route: Polyline;
  chokepoints: readonly string[];
  speedKn: number;
  segments: MotionSegment[];
  stops: Stop[];
  laden: boolean;
  commodity: CommoditySlug | null;
  cargoT: number | null;
  draftDepM: number;
  draftArrM: number;
  declared: string;
  declaredPort: number | null;
}

export interface PortCall {
  vessel: number;
  id: number;
  port: number;
  arriveMs: number;
  berthMs: number;
  departMs: number;
  draftArrM: number;
  draftDepM: number;
  loadedT: number | null;
  dischargedT: number | null;
  arriving: Voyage | null;
  anchorage: LatLon;
  berth: LatLon;
}

/** An AIS gap: no fixes strictly between the two instants (end null: still dark at asOf). */
export interface Gap {
  vessel: number;
  startMs: number;
  endMs: number | null;
  start: LatLon;
  end: LatLon | null;
  zone: number | null;
}

/** Reported positions displaced from the true track for a few fixes. */
export interface SpoofEpisode {
  vessel: number;
  startMs: number;
  endMs: number;
  kind: 'position_jump' | 'impossible_speed' | 'identity_clone';
  offset: LatLon;
  from: LatLon;
  to: LatLon;
  distanceNm: number;
  impliedSpeedKn: number;
}

export interface StsEvent {
  initiator: number;
  partner: number;
  startMs: number;
  endMs: number;
  position: LatLon;
  zone: number | null;
  voyage: Voyage;
}

export interface VesselTimeline {
  vessel: Vessel;
  calls: PortCall[];
  voyages: Voyage[];
  gaps: Gap[];
  spoofs: SpoofEpisode[];
}
