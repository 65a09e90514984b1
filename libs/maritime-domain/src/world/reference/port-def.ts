/** What the world knows of one port. */
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
