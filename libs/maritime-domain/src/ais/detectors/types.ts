import type { AisSource } from '../types';

/** A port or zone id as the caller holds it (bigserial ids often arrive from pg as strings). */
export type AreaId = string | number;

export type EventSeverity = 'critical' | 'warning' | 'info';

/** One fix of one vessel. DecodedPosition satisfies it. */
export interface TrackFix {
  timestamp: Date;
  lat: number;
  lon: number;
  sogKn?: number | null;
  source?: AisSource;
}

/** A port with its two geofences: the port itself (berths) and its wider anchorage. */
export interface PortArea {
  id: AreaId;
  lat: number;
  lon: number;
  portRadiusKm: number;
  anchorageRadiusKm: number;
}

export interface RiskZoneArea {
  id: AreaId;
  lat: number;
  lon: number;
  radiusKm: number;
  /** `sanctions_area`, `sts_hotspot` or `high_risk`; entering a sanctions area is critical. */
  kind?: string;
}
