// Reference rows: metros, cells, named locations, tracts, cell/tract weights, commuter flows, ports
// and their monthly volumes (see docs/geo-scoring/seed.md#generated-data).
import type { CopyValue } from '../copy-writer';
import { isoDay, isoTime, type SeedContext } from '../context';
import { cumulative, Rng } from '@platform/geo-domain';
import { haversineKm } from '../world';

export function* metroRows(ctx: SeedContext): Generator<CopyValue[]> {
  for (const { entry, shape } of ctx.worlds) {
    yield [
      entry.slug,
      entry.name,
      entry.state,
      shape.centerLat,
      shape.centerLng,
      shape.radiusKm,
      JSON.stringify(shape.excludePolygons),
      `{${entry.counties.map((c) => c.fips).join(',')}}`,
    ];
  }
}

export function* cellRows(ctx: SeedContext): Generator<CopyValue[]> {
  for (const world of ctx.worlds) {
    for (const c of world.cells) {
      yield [c.h3, world.entry.slug, c.lat, c.lng, c.r7, c.r5, c.locationName];
    }
  }
}

export function* namedLocationRows(ctx: SeedContext): Generator<CopyValue[]> {
  let id = 0;
  for (const world of ctx.worlds) {
    for (const l of world.namedLocations) {
      yield [++id, world.entry.slug, l.name, l.kind, l.lat, l.lng, l.h3];
    }
  }
}

export function* tractRows(ctx: SeedContext): Generator<CopyValue[]> {
  for (const world of ctx.worlds) {
    for (const t of world.tracts) {
      yield [
        t.geoid,
        world.entry.slug,
        t.name,
        t.countyName,
        world.entry.state,
        t.population,
        t.population5yAgo,
        t.medianIncome,
        t.pctBachelors,
        t.jobs,
        t.lat,
        t.lng,
      ];
    }
  }
}

export function* cellTractRows(ctx: SeedContext): Generator<CopyValue[]> {
  for (const world of ctx.worlds) {
    for (const t of world.tracts) {
      for (const i of t.cells) {
        const cell = world.cells[i];
        yield [cell.h3, t.geoid, cell.population / t.population];
      }
    }
  }
}

const FLOW_YEAR = 2022;
const FLOW_DESTINATIONS = 40;

/** LODES-style OD rows: 48% of residents work, destinations ∝ jobs × exp(−d / 8 km). */
export function* commuterFlowRows(ctx: SeedContext): Generator<CopyValue[]> {
  for (const world of ctx.worlds) {
    const rng = Rng.stream(ctx.seed, 'commuter_flows', world.entry.slug);
    const tracts = world.tracts;
    for (const home of tracts) {
      const employed = Math.round(0.48 * home.population);
      if (employed === 0) continue;
      const candidates = tracts
        .map(
          (work, j) =>
            [
              work.jobs * Math.exp(-haversineKm(home.lat, home.lng, work.lat, work.lng) / 8),
              j,
            ] as const,
        )
        .filter(([weight]) => weight > 0)
        .sort((a, b) => b[0] - a[0] || a[1] - b[1])
        .slice(0, FLOW_DESTINATIONS);
      if (candidates.length === 0) continue;
      const cdf = cumulative(candidates.map(([weight]) => weight));
      const counts = new Map<number, number>();
      for (let k = 0; k < employed; k++) {
        const j = candidates[rng.weighted(cdf)][1];
        counts.set(j, (counts.get(j) ?? 0) + 1);
      }
      for (const [j, workers] of [...counts].sort((a, b) =>
        tracts[a[0]].geoid < tracts[b[0]].geoid ? -1 : 1,
      )) {
        yield [FLOW_YEAR, home.geoid, tracts[j].geoid, workers];
      }
    }
  }
}

/** [slug, name, UN/LOCODE, lat, lng, monthly TEU, monthly container calls] */
const PORTS = [
  ['port-of-los-angeles', 'Port of Los Angeles', 'USLAX', 33.7361, -118.2639, 780_000, 80],
  ['port-of-long-beach', 'Port of Long Beach', 'USLGB', 33.7542, -118.2165, 700_000, 70],
  ['port-houston', 'Port Houston', 'USHOU', 29.7266, -95.2655, 320_000, 90],
  [
    'nwsa-seattle-tacoma',
    'Northwest Seaport Alliance (Seattle-Tacoma)',
    'USSEA',
    47.5801,
    -122.3539,
    270_000,
    60,
  ],
  ['portmiami', 'PortMiami', 'USMIA', 25.7781, -80.1794, 95_000, 45],
  ['port-of-boston', 'Port of Boston', 'USBOS', 42.3467, -71.0327, 25_000, 8],
] as const;

export function* portRows(): Generator<CopyValue[]> {
  for (const [slug, name, unlocode, lat, lng] of PORTS) yield [slug, name, unlocode, lat, lng];
}

const SEASON = [1, 0.84, 0.97, 0.99, 1.01, 1.02, 1.04, 1.1, 1.12, 1.1, 1.0, 0.96];

/** 60 complete months ending with the month before the as-of month. */
export function* portVolumeRows(ctx: SeedContext): Generator<CopyValue[]> {
  const asOf = new Date(ctx.asOfMs);
  const loadedAt = isoTime(ctx.asOfMs);
  for (const [slug, , , , , teu, calls] of PORTS) {
    const rng = Rng.stream(ctx.seed, 'port_volumes', slug);
    for (let back = 60; back >= 1; back--) {
      const month = new Date(Date.UTC(asOf.getUTCFullYear(), asOf.getUTCMonth() - back, 1));
      const trend = 1 + 0.025 * ((60 - back) / 12);
      const season = SEASON[month.getUTCMonth()];
      const noise = 1 + 0.06 * (2 * rng.float() - 1);
      const callNoise = 1 + 0.06 * (2 * rng.float() - 1);
      yield [
        slug,
        isoDay(month.getTime()),
        Math.round(teu * trend * season * noise),
        Math.max(1, Math.round(calls * trend * season * callNoise)),
        loadedAt,
      ];
    }
  }
}
