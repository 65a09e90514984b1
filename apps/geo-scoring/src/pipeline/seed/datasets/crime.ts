// Crime incidents: property 70 / violent 15 / other 15 with the offense default magnitudes
// (see docs/geo-scoring/data-model.md#raw-records), plus planted hotspots that rise or fall over
// the last months of the window.
import { gridDisk } from 'h3-js';

import { OFFENSES } from '../catalog/vocabulary';
import type { CopyValue } from '../copy-writer';
import {
  apportion,
  cellCdf,
  DAY_MS,
  isoTime,
  splitByPopulation,
  type SeedContext,
} from '../context';
import { cumulative, Rng } from '@platform/geo-domain';
import type { MetroWorld } from '../world';
import { jitter } from '../world';
import { windowStartMs } from './activity';

const CATEGORY_CDF = cumulative([70, 15, 15]);
const CATEGORIES = ['property', 'violent', 'other'] as const;
const OFFENSES_BY_CATEGORY = CATEGORIES.map((category) =>
  OFFENSES.filter((o) => o[1] === category),
);
const OFFENSE_CDFS = OFFENSES_BY_CATEGORY.map((list) => cumulative(list.map((o) => o[3])));
const HOTSPOT_SHARE = 0.15;
const HOTSPOTS_PER_KIND = 3;

/** Hotspot intensity over the window (t in [0, 1]): flat, then ramping in the last 30%. */
export function hotspotRamp(kind: 'rising' | 'falling', t: number): number {
  const ramp = Math.max(0, t - 0.7) * 6;
  return kind === 'rising' ? 0.3 + ramp : Math.max(0.1, 2.1 - ramp);
}

export interface PlantedHotspot {
  kind: 'rising' | 'falling';
  cells: number[];
}

export function plantHotspots(world: MetroWorld, rng: Rng): PlantedHotspot[] {
  const eligible = world.cells
    .map((c, i) => [c, i] as const)
    .filter(([c]) => !c.low && c.centrality > 0.25)
    .map(([, i]) => i);
  const pool = eligible.length > 0 ? eligible : world.cells.map((_, i) => i);
  const used = new Set<number>();
  const hotspots: PlantedHotspot[] = [];
  for (let h = 0; h < HOTSPOTS_PER_KIND * 2; h++) {
    let centre = rng.pick(pool);
    for (let tries = 0; used.has(centre) && tries < 20; tries++) centre = rng.pick(pool);
    const cells = gridDisk(world.cells[centre].h3, 1)
      .map((h3) => world.cellIndex.get(h3))
      .filter((i): i is number => i !== undefined && !used.has(i));
    for (const i of cells) used.add(i);
    hotspots.push({ kind: h % 2 === 0 ? 'rising' : 'falling', cells });
  }
  return hotspots;
}

export function* crimeRows(ctx: SeedContext): Generator<CopyValue[]> {
  const days = ctx.profile.crimeDays;
  const start = windowStartMs(ctx, days);
  const perMetro = splitByPopulation(ctx.profile.crimeIncidents, ctx.worlds);
  let id = 0;
  for (const [m, world] of ctx.worlds.entries()) {
    const slug = world.entry.slug;
    const rng = Rng.stream(ctx.seed, 'crime_incidents', slug);
    const hotspots = plantHotspots(world, rng);
    const cdf = cellCdf(
      world,
      (c) => c.population ** 0.8 * (1 + 1.5 * c.centrality) * (c.low ? 0.2 : 1),
    );
    const base = apportion(
      Math.round(perMetro[m] * (1 - HOTSPOT_SHARE)),
      Array.from({ length: days }, (_, d) => 1 + 0.1 * Math.sin((2 * Math.PI * d) / 365)),
    );
    const hotspotDaily = (perMetro[m] * HOTSPOT_SHARE) / hotspots.length / days;
    const emit = (cellIndex: number, dayStart: number): CopyValue[] => {
      const cell = world.cells[cellIndex];
      const c = rng.weighted(CATEGORY_CDF);
      const [offense, category, magnitude] = OFFENSES_BY_CATEGORY[c][rng.weighted(OFFENSE_CDFS[c])];
      const at = dayStart + Math.floor(rng.float() * 86_400) * 1000;
      const [lat, lng] = jitter(rng, cell.lat, cell.lng, 0.25);
      id++;
      return [
        id,
        'seed',
        `${slug}-${id}`,
        isoTime(at),
        slug,
        lat,
        lng,
        cell.h3,
        cell.r5,
        category,
        offense,
        magnitude,
      ];
    };
    for (let d = 0; d < days; d++) {
      const dayStart = start + d * DAY_MS;
      for (let k = 0; k < base[d]; k++) yield emit(rng.weighted(cdf), dayStart);
      const t = days > 1 ? d / (days - 1) : 1;
      for (const hotspot of hotspots) {
        const count = rng.poisson(hotspotDaily * hotspotRamp(hotspot.kind, t));
        for (let k = 0; k < count && hotspot.cells.length > 0; k++) {
          yield emit(rng.pick(hotspot.cells), dayStart);
        }
      }
    }
  }
}

export const CRIME_COLUMNS = [
  'id',
  'source',
  'source_incident_id',
  'occurred_at',
  'metro_slug',
  'lat',
  'lng',
  'h3_index',
  'h3_r5',
  'category',
  'offense',
  'magnitude',
] as const;
