/**
 * The 40 ports of the world: real names, UN/LOCODEs and approximate terminal positions. Aliases
 * are upper-case spellings a crew may type as the AIS destination. Tariffs and waiting times are
 * synthetic but plausible: dues per gross ton, handling per tonne, median anchorage wait in hours.
 */

import { PORTS_AMERICAS_OCEANIA } from './ports-americas-oceania';
import { PORTS_ASIA } from './ports-asia';
import { PORTS_EUROPE_AFRICA } from './ports-europe-africa';

import type { PortDef } from './port-def';

export type { PortDef, PscRegime } from './port-def';

export const PORT_RADIUS_KM = 8;
export const ANCHORAGE_RADIUS_KM = 25;

/** In a fixed order: a port's row id is its position here plus one. */
export const PORTS: readonly PortDef[] = [
  ...PORTS_ASIA,
  ...PORTS_EUROPE_AFRICA,
  ...PORTS_AMERICAS_OCEANIA,
];
