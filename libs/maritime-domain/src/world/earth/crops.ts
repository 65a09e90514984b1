/**
 * Crop regions and their 16-day NDVI composites over three years: a double-logistic crop
 * calendar over each region's season (southern seasons run across the new year), AR(1) noise,
 * and one injected drought in the latest season of one region. The baseline of a composite is
 * the mean of the same composite in the earlier years (two unpublished spin-up years included).
 */
import { Rng } from '../prng';
import { portIndex } from '../schedule/port-geometry';
import type { Row } from '../tables';
import { DAY_MS, isoDay, utcYear } from '../time';

interface RegionDef {
  slug: string;
  name: string;
  country: string;
  crop: string;
  lat: number;
  lon: number;
  areaHa: number;
  yieldTHa: number;
  exportShare: number;
  ports: readonly (readonly [string, number])[];
  seasonStart: number;
  seasonEnd: number;
  amplitude: number;
}

export const CROP_REGIONS: readonly RegionDef[] = [
  {
    slug: 'us-corn-belt',
    name: 'US Corn Belt',
    country: 'United States',
    crop: 'corn',
    lat: 41.5,
    lon: -93.5,
    areaHa: 35_000_000,
    yieldTHa: 11.0,
    exportShare: 0.15,
    ports: [['new-orleans', 1]],
    seasonStart: 120,
    seasonEnd: 280,
    amplitude: 0.62,
  },
  {
    slug: 'us-plains-wheat',
    name: 'US Great Plains wheat',
    country: 'United States',
    crop: 'wheat',
    lat: 38.5,
    lon: -98.5,
    areaHa: 9_000_000,
    yieldTHa: 3.3,
    exportShare: 0.45,
    ports: [['houston', 1]],
    seasonStart: 280,
    seasonEnd: 180,
    amplitude: 0.45,
  },
  {
    slug: 'br-mato-grosso-soy',
    name: 'Mato Grosso soy',
    country: 'Brazil',
    crop: 'soybeans',
    lat: -12.5,
    lon: -55.5,
    areaHa: 12_000_000,
    yieldTHa: 3.6,
    exportShare: 0.6,
    ports: [
      ['santos', 0.6],
      ['paranagua', 0.4],
    ],
    seasonStart: 270,
    seasonEnd: 60,
    amplitude: 0.58,
  },
  {
    slug: 'br-parana-soy',
    name: 'Parana soy',
    country: 'Brazil',
    crop: 'soybeans',
    lat: -24.5,
    lon: -51.5,
    areaHa: 5_700_000,
    yieldTHa: 3.5,
    exportShare: 0.55,
    ports: [['paranagua', 1]],
    seasonStart: 275,
    seasonEnd: 75,
    amplitude: 0.56,
  },
  {
    slug: 'ar-pampas',
    name: 'Argentine Pampas',
    country: 'Argentina',
    crop: 'soybeans',
    lat: -34.5,
    lon: -61.5,
    areaHa: 16_000_000,
    yieldTHa: 3.0,
    exportShare: 0.7,
    ports: [['rosario', 1]],
    seasonStart: 300,
    seasonEnd: 110,
    amplitude: 0.55,
  },
  {
    slug: 'ua-central-grain',
    name: 'Central Ukraine grain belt',
    country: 'Ukraine',
    crop: 'wheat',
    lat: 49.0,
    lon: 32.0,
    areaHa: 6_000_000,
    yieldTHa: 4.1,
    exportShare: 0.6,
    ports: [['odesa', 1]],
    seasonStart: 280,
    seasonEnd: 200,
    amplitude: 0.5,
  },
  {
    slug: 'ru-krasnodar-wheat',
    name: 'Krasnodar wheat',
    country: 'Russia',
    crop: 'wheat',
    lat: 45.3,
    lon: 39.0,
    areaHa: 2_200_000,
    yieldTHa: 5.8,
    exportShare: 0.5,
    ports: [['novorossiysk', 1]],
    seasonStart: 280,
    seasonEnd: 195,
    amplitude: 0.52,
  },
  {
    slug: 'au-wa-wheatbelt',
    name: 'Western Australian wheatbelt',
    country: 'Australia',
    crop: 'wheat',
    lat: -31.5,
    lon: 117.5,
    areaHa: 4_500_000,
    yieldTHa: 2.2,
    exportShare: 0.75,
    ports: [['fremantle', 1]],
    seasonStart: 120,
    seasonEnd: 330,
    amplitude: 0.42,
  },
  {
    slug: 'ca-saskatchewan',
    name: 'Saskatchewan wheat',
    country: 'Canada',
    crop: 'wheat',
    lat: 52.0,
    lon: -106.0,
    areaHa: 9_000_000,
    yieldTHa: 3.2,
    exportShare: 0.7,
    ports: [['vancouver', 1]],
    seasonStart: 130,
    seasonEnd: 250,
    amplitude: 0.5,
  },
  {
    slug: 'fr-beauce-wheat',
    name: 'Beauce wheat',
    country: 'France',
    crop: 'wheat',
    lat: 48.3,
    lon: 1.6,
    areaHa: 600_000,
    yieldTHa: 7.5,
    exportShare: 0.5,
    ports: [['rouen', 1]],
    seasonStart: 290,
    seasonEnd: 200,
    amplitude: 0.55,
  },
];

export const NDVI_COMPOSITE_DAYS = 16;
/** Composites are published for the three years before asOf; two earlier years seed the baselines. */
const PUBLISHED_DAYS = 3 * 365;
const SPIN_UP_YEARS = 2;

/** Season-relative crop calendar: green-up at a quarter of the season, senescence near its end. */
function calendarNdvi(region: RegionDef, doy: number, amplitude: number): number {
  const length = (region.seasonEnd - region.seasonStart + 365) % 365;
  const x = (doy - region.seasonStart + 365) % 365;
  const k = length / 16;
  const greenUp = 1 / (1 + Math.exp(-(x - 0.25 * length) / k));
  const senescence = 1 / (1 + Math.exp(-(x - 0.85 * length) / k));
  return 0.18 + amplitude * Math.max(0, greenUp - senescence);
}

export function cropTables(seed: number, asOfMs: number): { regions: Row[]; observations: Row[] } {
  const rng = Rng.stream(seed, 'ndvi');
  const lastYear = utcYear(asOfMs - DAY_MS);
  const publishedFrom = asOfMs - PUBLISHED_DAYS * DAY_MS;
  const firstYear = utcYear(publishedFrom);
  const droughtRegion = rng.int(0, CROP_REGIONS.length - 1);
  const observations: Row[] = [];
  CROP_REGIONS.forEach((region, index) => {
    const history = new Map<number, number[]>();
    let noise = 0;
    for (let year = firstYear - SPIN_UP_YEARS; year <= lastYear; year += 1) {
      for (let doy = 1; doy <= 365; doy += NDVI_COMPOSITE_DAYS) {
        const t = Date.UTC(year, 0, doy);
        if (t >= asOfMs) break;
        noise = 0.6 * noise + 0.02 * rng.normal();
        // The drought hits the latest season of one region: its canopy reaches 60 % of normal.
        const inDrought = index === droughtRegion && asOfMs - t < 300 * DAY_MS;
        const ndvi = Math.max(
          -1,
          Math.min(1, calendarNdvi(region, doy, region.amplitude * (inDrought ? 0.6 : 1)) + noise),
        );
        const prior = history.get(doy) ?? [];
        if (t >= publishedFrom) {
          const baseline =
            prior.length > 0 ? prior.reduce((s, v) => s + v, 0) / prior.length : null;
          observations.push([
            index + 1,
            isoDay(t),
            Math.round(ndvi * 10_000) / 10_000,
            baseline === null ? null : Math.round(baseline * 10_000) / 10_000,
          ]);
        }
        history.set(doy, [...prior, ndvi]);
      }
    }
  });
  const regions = CROP_REGIONS.map((r, i): Row => [
    i + 1,
    r.slug,
    r.name,
    r.country,
    r.crop,
    r.lat,
    r.lon,
    r.areaHa,
    r.yieldTHa,
    r.exportShare,
    r.ports.map(([slug, share]) => ({ port_id: portIndex(slug) + 1, share })),
    r.seasonStart,
    r.seasonEnd,
  ]);
  return { regions, observations };
}
