/** Rows of the reference tables: ports, flags, commodities, risk zones and P&I clubs. */
import { latLngToCell } from 'h3-js';
import { COMMODITIES } from './reference/commodities';
import { FLAGS } from './reference/flags';
import { PI_CLUBS } from './reference/pi-clubs';
import { ANCHORAGE_RADIUS_KM, PORT_RADIUS_KM, PORTS } from './reference/ports';
import { ZONES } from './reference/zones';
import type { Row } from './tables';

export const portRows = (): Row[] =>
  PORTS.map((p, i) => [
    i + 1,
    p.slug,
    p.name,
    p.unlocode,
    p.countryCode,
    p.countryName,
    p.lat,
    p.lon,
    latLngToCell(p.lat, p.lon, 8),
    PORT_RADIUS_KM,
    ANCHORAGE_RADIUS_KM,
    p.duesUsdPerGt,
    p.handlingUsdPerT,
    [...p.aliases],
  ]);

export const flagRows = (): Row[] => FLAGS.map((f) => [f.iso2, f.name, f.category, [...f.mids]]);

export const commodityRows = (): Row[] =>
  COMMODITIES.map((c, i) => [i + 1, c.slug, c.name, c.hsCode]);

export const zoneRows = (): Row[] =>
  ZONES.map((z, i) => [i + 1, z.slug, z.name, z.kind, z.lat, z.lon, z.radiusKm]);

export const piClubRows = (): Row[] =>
  PI_CLUBS.map((c, i) => [i + 1, c.slug, c.name, c.igMember, c.type, c.riskTier, [...c.aliases]]);
