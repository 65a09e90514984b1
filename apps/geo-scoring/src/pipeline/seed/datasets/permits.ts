// Building permits (lognormal values by type, 8% null) and construction detections, 70% of them
// near a new-construction permit, linked to the nearest permit by the rule of ingestion
// (see docs/geo-scoring/analytics.md#construction).
import { gridDisk, latLngToCell } from 'h3-js';

import type { CopyValue } from '../copy-writer';
import {
  cellCdf,
  DAY_MS,
  dayMs,
  isoDay,
  isoTime,
  splitByPopulation,
  streetAddress,
  type SeedContext,
} from '../context';
import { cumulative, Rng } from '@platform/geo-domain';
import { haversineKm, jitter, round6, type MetroWorld } from '../world';
import { ulid } from '../ulid';

/** [permit_type, work_class, share, median value $] */
const PERMIT_TYPES = [
  ['New Construction', 'residential', 18, 320_000],
  ['New Construction', 'commercial', 6, 2_100_000],
  ['Alteration', 'residential', 28, 45_000],
  ['Alteration', 'commercial', 12, 45_000],
  ['Trade', 'residential', 26, 8_000],
  ['Trade', 'commercial', 10, 8_000],
] as const;
const TYPE_CDF = cumulative(PERMIT_TYPES.map((t) => t[2]));

export interface PermitRecord {
  id: string;
  metro: string;
  permitNumber: string;
  permitType: string;
  workClass: string;
  value: number | null;
  housingUnits: number;
  address: string;
  lat: number;
  lng: number;
  h3: string;
  filedDate: string;
  issuedDate: string | null;
  status: string;
  sourceLoadedAt: string;
}

export function buildPermits(ctx: SeedContext): PermitRecord[] {
  const perMetro = splitByPopulation(ctx.profile.permits, ctx.worlds);
  const permits: PermitRecord[] = [];
  for (const [m, world] of ctx.worlds.entries()) {
    permits.push(...metroPermits(ctx, world, perMetro[m]));
  }
  return permits;
}

function metroPermits(ctx: SeedContext, world: MetroWorld, count: number): PermitRecord[] {
  const slug = world.entry.slug;
  const rng = Rng.stream(ctx.seed, 'permits', slug);
  // New construction leans to the growing edge; other work follows activity.
  const newCdf = cellCdf(world, (c) => (c.low ? 0 : c.activity * (1.4 - c.centrality)));
  const otherCdf = cellCdf(world, (c) => (c.low ? 0.02 : 1) * c.activity);
  const span = ctx.profile.permitDays;
  const drafts = Array.from({ length: count }, () => {
    const type = PERMIT_TYPES[rng.weighted(TYPE_CDF)];
    const isNew = type[0] === 'New Construction';
    const cell = world.cells[rng.weighted(isNew ? newCdf : otherCdf)];
    // Later days slightly more likely: a growing pipeline.
    const u = rng.float();
    const daysBack = Math.floor(span * (rng.chance(0.6) ? u : 1 - Math.sqrt(u)));
    const filed = ctx.asOfMs - Math.min(span - 1, Math.max(0, daysBack)) * DAY_MS;
    return { type, cell, filed, r: rng.float() };
  });
  drafts.sort((a, b) => a.filed - b.filed || a.r - b.r);
  return drafts.map((draft, seq) => {
    const [permitType, workClass, , median] = draft.type;
    const filedDate = isoDay(draft.filed);
    const number = `${filedDate.slice(0, 4)}-${String(seq + 1).padStart(6, '0')}`;
    const value = rng.chance(0.08) ? null : Math.round(rng.lognormal(median, 0.9) * 100) / 100;
    let housingUnits = 0;
    if (permitType === 'New Construction' && workClass === 'residential') {
      const r = rng.float();
      housingUnits =
        r < 0.6
          ? 1
          : r < 0.85
            ? rng.int(2, 4)
            : Math.min(400, Math.round(rng.lognormal(24, 0.8)) + 5);
    }
    const issueLag = rng.int(5, 120);
    const issuedMs = draft.filed + issueLag * DAY_MS;
    const issued = issuedMs <= ctx.asOfMs && rng.chance(0.93);
    const status = !issued
      ? 'Under Review'
      : ctx.asOfMs - issuedMs > 180 * DAY_MS && rng.chance(0.6)
        ? 'Final'
        : 'Issued';
    const [lat, lng] = jitter(rng, draft.cell.lat, draft.cell.lng, 0.25);
    const loaded = Math.min(ctx.asOfMs, draft.filed + rng.int(1, 3) * DAY_MS) + 6 * 3_600_000;
    return {
      id: `${slug}-${number}`,
      metro: slug,
      permitNumber: number,
      permitType,
      workClass,
      value,
      housingUnits,
      address: streetAddress(world, rng.int(1, 9999), rng.int(0, 1000)),
      lat,
      lng,
      h3: draft.cell.h3,
      filedDate,
      issuedDate: issued ? isoDay(issuedMs) : null,
      status,
      sourceLoadedAt: isoTime(loaded),
    };
  });
}

export function* permitRows(permits: readonly PermitRecord[]): Generator<CopyValue[]> {
  for (const p of permits) {
    yield [
      p.id,
      p.permitNumber,
      p.permitType,
      p.workClass,
      p.value === null ? null : p.value.toFixed(2),
      p.housingUnits,
      p.address,
      p.metro,
      p.lat,
      p.lng,
      p.h3,
      p.filedDate,
      p.issuedDate,
      p.status,
      p.sourceLoadedAt,
    ];
  }
}

export const PERMIT_COLUMNS = [
  'id',
  'permit_number',
  'permit_type',
  'work_class',
  'value',
  'housing_units',
  'address',
  'metro_slug',
  'lat',
  'lng',
  'h3_index',
  'filed_date',
  'issued_date',
  'status',
  'source_loaded_at',
] as const;

/** Nearest permit (haversine) in gridDisk(cell, 1) filed within [first − 365 d, last]. */
export function nearestPermit(
  byCell: ReadonlyMap<string, readonly PermitRecord[]>,
  h3: string,
  lat: number,
  lng: number,
  firstDetected: string,
  lastDetected: string,
): { id: string; distanceM: number } | null {
  const from = isoDay(dayMs(firstDetected) - 365 * DAY_MS);
  let best: { id: string; distanceM: number } | null = null;
  for (const cell of gridDisk(h3, 1)) {
    for (const p of byCell.get(cell) ?? []) {
      if (p.filedDate < from || p.filedDate > lastDetected) continue;
      const distanceM = haversineKm(lat, lng, p.lat, p.lng) * 1000;
      if (
        best === null ||
        distanceM < best.distanceM ||
        (distanceM === best.distanceM && p.id < best.id)
      ) {
        best = { id: p.id, distanceM };
      }
    }
  }
  return best === null ? null : { id: best.id, distanceM: Math.round(best.distanceM * 100) / 100 };
}

export function* detectionRows(
  ctx: SeedContext,
  permits: readonly PermitRecord[],
): Generator<CopyValue[]> {
  const byCell = new Map<string, PermitRecord[]>();
  for (const p of permits) {
    const list = byCell.get(p.h3);
    if (list === undefined) byCell.set(p.h3, [p]);
    else list.push(p);
  }
  const perMetro = splitByPopulation(ctx.profile.detections, ctx.worlds);
  const rows: CopyValue[][] = [];
  for (const [m, world] of ctx.worlds.entries()) {
    const slug = world.entry.slug;
    const rng = Rng.stream(ctx.seed, 'construction_detections', slug);
    const recentNew = permits.filter(
      (p) =>
        p.metro === slug &&
        p.permitType === 'New Construction' &&
        p.filedDate >= isoDay(ctx.asOfMs - 700 * DAY_MS),
    );
    const cdf = cellCdf(world, (c) => (c.low ? 0.05 : c.activity));
    for (let k = 0; k < perMetro[m]; k++) {
      let lat: number;
      let lng: number;
      let firstMs: number;
      if (recentNew.length > 0 && rng.chance(0.7)) {
        const permit = rng.pick(recentNew);
        [lat, lng] = jitter(rng, permit.lat, permit.lng, 0.12);
        firstMs = Math.min(
          ctx.asOfMs - DAY_MS,
          dayMs(permit.filedDate) + rng.int(20, 200) * DAY_MS,
        );
      } else {
        const cell = world.cells[rng.weighted(cdf)];
        [lat, lng] = jitter(rng, cell.lat, cell.lng, 0.25);
        firstMs = ctx.asOfMs - rng.int(1, 700) * DAY_MS;
      }
      let h3 = latLngToCell(lat, lng, 8);
      if (!world.cellIndex.has(h3)) {
        // The jitter left the metro (edge or water): use a cell centre of the metro instead.
        const fallback = world.cells[rng.weighted(cdf)];
        [lat, lng, h3] = [round6(fallback.lat), round6(fallback.lng), fallback.h3];
      }
      const lastMs =
        ctx.asOfMs - Math.floor(rng.float() ** 2 * ((ctx.asOfMs - firstMs) / DAY_MS)) * DAY_MS;
      const first = isoDay(firstMs);
      const last = isoDay(Math.max(firstMs, lastMs));
      const link = nearestPermit(byCell, h3, lat, lng, first, last);
      const id = `cd_${ulid(firstMs + rng.int(0, 86_399_999), () => rng.uint32())}`;
      rows.push([
        id,
        'seed-satellite',
        `${slug}-det-${k + 1}`,
        slug,
        lat,
        lng,
        h3,
        Math.round(rng.lognormal(12_000, 0.8)),
        Math.round((0.55 + 0.44 * rng.float()) * 1000) / 1000,
        first,
        last,
        link?.id ?? null,
        link?.distanceM ?? null,
      ]);
    }
  }
  yield* rows;
}

export const DETECTION_COLUMNS = [
  'id',
  'source',
  'source_detection_id',
  'metro_slug',
  'lat',
  'lng',
  'h3_index',
  'estimated_area_sqft',
  'confidence',
  'first_detected',
  'last_detected',
  'nearest_permit_id',
  'nearest_permit_distance_m',
] as const;
