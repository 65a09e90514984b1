/** Risk zones: circles around sanctions areas, ship-to-ship transfer hotspots and war-risk waters. */

export type ZoneKind = 'sanctions_area' | 'sts_hotspot' | 'high_risk';

export interface ZoneDef {
  slug: string;
  name: string;
  kind: ZoneKind;
  lat: number;
  lon: number;
  radiusKm: number;
}

export const ZONES: readonly ZoneDef[] = [
  {
    slug: 'gulf-of-oman-sts',
    name: 'Gulf of Oman off Fujairah',
    kind: 'sts_hotspot',
    lat: 25.0,
    lon: 56.95,
    radiusKm: 40,
  },
  {
    slug: 'laconian-gulf',
    name: 'Laconian Gulf',
    kind: 'sts_hotspot',
    lat: 36.55,
    lon: 22.65,
    radiusKm: 25,
  },
  {
    slug: 'johor-eopl',
    name: 'Off Johor (Eastern Outer Port Limits)',
    kind: 'sts_hotspot',
    lat: 1.4,
    lon: 104.5,
    radiusKm: 25,
  },
  {
    slug: 'kerch-strait',
    name: 'Kerch Strait',
    kind: 'sts_hotspot',
    lat: 45.15,
    lon: 36.6,
    radiusKm: 30,
  },
  { slug: 'off-lome', name: 'Off Lome', kind: 'sts_hotspot', lat: 5.9, lon: 1.4, radiusKm: 40 },
  {
    slug: 'off-terengganu',
    name: 'Off Terengganu',
    kind: 'sts_hotspot',
    lat: 5.3,
    lon: 104.9,
    radiusKm: 60,
  },
  {
    slug: 'crimea-ports',
    name: 'Crimean ports',
    kind: 'sanctions_area',
    lat: 44.6,
    lon: 33.45,
    radiusKm: 50,
  },
  {
    slug: 'kharg-island',
    name: 'Kharg Island',
    kind: 'sanctions_area',
    lat: 29.25,
    lon: 50.3,
    radiusKm: 60,
  },
  {
    slug: 'bandar-abbas',
    name: 'Bandar Abbas approaches',
    kind: 'sanctions_area',
    lat: 27.1,
    lon: 56.2,
    radiusKm: 40,
  },
  {
    slug: 'syrian-coast',
    name: 'Syrian coast',
    kind: 'sanctions_area',
    lat: 35.1,
    lon: 35.75,
    radiusKm: 50,
  },
  {
    slug: 'nampo-approaches',
    name: 'Nampo approaches',
    kind: 'sanctions_area',
    lat: 38.6,
    lon: 125.0,
    radiusKm: 60,
  },
  {
    slug: 'jose-terminal',
    name: 'Jose terminal, Venezuela',
    kind: 'sanctions_area',
    lat: 10.2,
    lon: -64.8,
    radiusKm: 50,
  },
  {
    slug: 'gulf-of-aden',
    name: 'Gulf of Aden',
    kind: 'high_risk',
    lat: 12.5,
    lon: 47.5,
    radiusKm: 200,
  },
  {
    slug: 'southern-red-sea',
    name: 'Southern Red Sea',
    kind: 'high_risk',
    lat: 13.8,
    lon: 42.7,
    radiusKm: 150,
  },
  {
    slug: 'north-west-black-sea',
    name: 'North-west Black Sea',
    kind: 'high_risk',
    lat: 45.6,
    lon: 31.2,
    radiusKm: 100,
  },
];
