// Business licences over ten years: ~40 real NAICS codes, ~30% closed, pioneer tiers computed
// chronologically with the app's own pioneerTier/countsAsPrior
// (see docs/geo-scoring/analytics.md#pioneer-tier).
import { gridDisk } from 'h3-js';

import {
  naicsIndustryGroup,
  pioneerTierAmong,
  type LicenceForPrior,
  cumulative,
  Rng,
} from '@platform/geo-domain';
import { BUSINESS_PREFIXES, NAICS } from '../catalog/vocabulary';
import type { CopyValue } from '../copy-writer';
import {
  cellCdf,
  DAY_MS,
  isoDay,
  isoTime,
  splitByPopulation,
  streetAddress,
  type SeedContext,
} from '../context';
import { jitter } from '../world';

const NAICS_CDF = cumulative(NAICS.map((n) => n[1]));
const SUFFIXES = ['', '', ' LLC', ' Inc.', ' & Co.'];

interface Licence extends LicenceForPrior {
  metro: string;
  sourceId: string;
  name: string;
  address: string;
  lat: number;
  lng: number;
  h3: string;
  openedMs: number;
  loadedAt: string;
  order: number;
}

export function* licenceRows(ctx: SeedContext): Generator<CopyValue[]> {
  const perMetro = splitByPopulation(ctx.profile.licences, ctx.worlds);
  const span = ctx.profile.licenceDays;
  const licences: Licence[] = [];
  for (const [m, world] of ctx.worlds.entries()) {
    const slug = world.entry.slug;
    const rng = Rng.stream(ctx.seed, 'business_licenses', slug);
    const cdf = cellCdf(world, (c) => (c.low ? 0.02 : 1) * c.activity);
    for (let k = 0; k < perMetro[m]; k++) {
      const cell = world.cells[rng.weighted(cdf)];
      const naics = rng.chance(0.03) ? null : NAICS[rng.weighted(NAICS_CDF)];
      const openedMs = ctx.asOfMs - Math.floor(rng.float() * span * 86_400) * 1000;
      const ageDays = Math.floor((ctx.asOfMs - openedMs) / DAY_MS);
      let closeDate: string | null = null;
      const r = rng.float();
      if (r < 0.31 && ageDays > 60) closeDate = isoDay(openedMs + rng.int(60, ageDays) * DAY_MS);
      else if (r < 0.34) closeDate = isoDay(ctx.asOfMs + rng.int(1, 365) * DAY_MS);
      const noun = naics === null ? 'Services' : rng.pick(naics[2]);
      const [lat, lng] = jitter(rng, cell.lat, cell.lng, 0.25);
      licences.push({
        metro: slug,
        sourceId: `${slug.toUpperCase()}-BL-${String(k + 1).padStart(7, '0')}`,
        name: `${rng.pick(BUSINESS_PREFIXES)} ${noun}${rng.pick(SUFFIXES)}`,
        address: streetAddress(world, rng.int(1, 9999), rng.int(0, 1000)),
        lat,
        lng,
        h3: cell.h3,
        naicsCode: naics === null ? null : naics[0],
        occurredAt: isoTime(openedMs),
        openedMs,
        closeDate,
        loadedAt: isoTime(Math.min(ctx.asOfMs, openedMs + rng.int(1, 20) * DAY_MS)),
        order: licences.length,
      });
    }
  }
  // Ids follow issue time, so the tier of each licence only looks at licences already placed.
  licences.sort((a, b) => a.openedMs - b.openedMs || a.order - b.order);
  const placed = new Map<string, Licence[]>();
  const disks = new Map<string, string[]>();
  for (const [i, licence] of licences.entries()) {
    const group = naicsIndustryGroup(licence.naicsCode);
    let disk = disks.get(licence.h3);
    if (disk === undefined) {
      disk = gridDisk(licence.h3, 1);
      disks.set(licence.h3, disk);
    }
    // Licences are placed in issue order, so the ones already placed are the candidates.
    const tier = pioneerTierAmong(
      licence,
      disk,
      (cell) => placed.get(`${cell}|${group}`) ?? [],
      ctx.asOf,
    );
    if (group !== null) {
      const key = `${licence.h3}|${group}`;
      const list = placed.get(key);
      if (list === undefined) placed.set(key, [licence]);
      else list.push(licence);
    }
    yield [
      i + 1,
      licence.sourceId,
      licence.name,
      licence.address,
      licence.metro,
      licence.lat,
      licence.lng,
      licence.h3,
      licence.naicsCode,
      tier,
      licence.occurredAt,
      licence.closeDate,
      licence.loadedAt,
    ];
  }
}

export const LICENCE_COLUMNS = [
  'id',
  'source_id',
  'business_name',
  'address',
  'metro_slug',
  'lat',
  'lng',
  'h3_index',
  'naics_code',
  'pioneer_tier',
  'occurred_at',
  'close_date',
  'source_loaded_at',
] as const;
