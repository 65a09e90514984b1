/**
 * The 40 ports of the world: real names, UN/LOCODEs and approximate terminal positions. Aliases
 * are upper-case spellings a crew may type as the AIS destination. Tariffs and waiting times are
 * synthetic but plausible: dues per gross ton, handling per tonne, median anchorage wait in hours.
 */

import { PORTS_AMERICAS_OCEANIA } from './ports-americas-oceania';
import { PORTS_ASIA } from './ports-asia';
import { PORTS_EUROPE_AFRICA } from './ports-europe-africa';

export type PscRegime = 'paris_mou' | 'tokyo_mou' | 'uscg' | 'indian_ocean_mou';

export interface PortDef {
  slug: string;
  name: string;
  unlocode: string;
  countryCode: string;
  countryName: string;
  lat: number;
  lon: number;
  aliases: readonly string[];
  /** Sea-graph waypoints the port is reached from. */
  attach: readonly string[];
  duesUsdPerGt: number;
  handlingUsdPerT: number;
  /** Median hours between entering the anchorage and berthing, outside congestion. */
  waitMedianH: number;
  /** Port-state-control regime inspecting there; null where none of the four applies. */
  psc: PscRegime | null;
}

export const PORT_RADIUS_KM = 8;
export const ANCHORAGE_RADIUS_KM = 25;

/** In a fixed order: a port's row id is its position here plus one. */
export const PORTS: readonly PortDef[] = [
  ...PORTS_ASIA,
  ...PORTS_EUROPE_AFRICA,
  ...PORTS_AMERICAS_OCEANIA,
];
