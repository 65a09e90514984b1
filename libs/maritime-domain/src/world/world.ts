/**
 * The public face of the generator: `generateWorld` builds the world once and hands out the rows
 * of every seeded table in the column order of TABLES. Small tables are built on first use and
 * kept; voyages (which carry H3 tracks) and AIS positions are produced on demand, positions as a
 * generator that never holds the whole table.
 */
import { vesselFixes } from './ais/fixes';
import type { Fix, FixContext } from './ais/fixes';
import { formatFixed, IsoFormatter } from './ais/fast-format';
import { buildWorldModel } from './build';
import type { WorldModel } from './build';
import { copyChunks } from './copy-text';
import { cropTables } from './earth/crops';
import { riverTables } from './earth/rivers';
import type { RiverTables } from './earth/rivers';
import { darkEventRows, spoofingRows } from './events/dark';
import { deceptionRows, draftAnomalyRows, locusRows, stsRows } from './events/voyage-events';
import type { VoyageEventContext } from './events/voyage-events';
import { bunkerRows } from './market/bunker';
import { freightRows } from './market/freight';
import { tradeFlowRows } from './market/trade-flows';
import { identityRows, portCallRow, vesselRows, voyageRow } from './movement-rows';
import type { ProfileSpec } from './profiles';
import { ZONES } from './reference/zones';
import { commodityRows, flagRows, piClubRows, portRows, zoneRows } from './reference-rows';
import { claimRows } from './registry/claims';
import { piCoverageRows } from './registry/pi-coverage';
import { platformAlertRows } from './registry/platform-alerts';
import { pscRows } from './registry/psc';
import { sanctionsTables } from './registry/sanctions';
import type { SanctionsTables } from './registry/sanctions';
import { TABLES } from './tables';
import type { Row, TableName } from './tables';
import { DAY_MS, isoInstant } from './time';
import type { Vessel, VesselTimeline, WorldOptions } from './types';

export interface WorldWindows {
  /** Start of the voyage history (ISO instant). */
  historyStart: string;
  /** Start of the AIS window. */
  aisStart: string;
  /** The end of the world: asOf at 00:00 UTC. */
  asOf: string;
}

export interface World {
  readonly options: WorldOptions;
  readonly profile: ProfileSpec;
  readonly windows: WorldWindows;
  /** Column names per table, in row order. */
  readonly tables: typeof TABLES;
  /** The rows of one table (for ais_positions, the same stream as positions()). */
  rows(table: TableName): Iterable<Row>;
  /** The rows of one table as COPY text chunks. */
  copyChunks(table: TableName, chunkBytes?: number): Generator<string>;
  /** Every AIS position, vessel after vessel, each vessel's fixes in time order. */
  positions(): Generator<Row>;
  /** Every AIS position as COPY text in chunks of about `chunkBytes`, built without row arrays. */
  positionCopyChunks(chunkBytes?: number): Generator<string>;
  /** The same COPY text as ASCII buffers, the fastest form to write to a COPY stream. */
  positionCopyBuffers(chunkBytes?: number): Generator<Buffer>;
  /** One vessel's AIS positions in time order (empty for an unknown IMO). */
  vesselPositions(imo: string): Generator<Row>;
  /** IMO numbers of the fleet, in generation order. */
  readonly imos: readonly string[];
}

const round1 = (x: number): number => Math.round(x * 10) / 10;

const CACHED_ROWS_MAX = 100_000;

function fixRow(vessel: Vessel, fix: Fix): Row {
  return [
    vessel.imo,
    vessel.mmsi,
    isoInstant(fix.ts),
    fix.lat,
    fix.lon,
    fix.h3,
    fix.sogKn,
    fix.cogDeg,
    fix.heading,
    fix.navStatus,
    round1(fix.draftM),
    fix.terrestrial ? 'terrestrial' : 'satellite',
    null,
  ];
}

class GeneratedWorld implements World {
  readonly tables = TABLES;
  readonly imos: readonly string[];
  readonly windows: WorldWindows;
  private readonly vessels: Vessel[];
  private readonly cache = new Map<TableName, Row[]>();
  private rivers: RiverTables | null = null;
  private sanctions: SanctionsTables | null = null;
  private crops: { regions: Row[]; observations: Row[] } | null = null;

  constructor(private readonly model: WorldModel) {
    this.vessels = model.timelines.map((t) => t.vessel);
    this.imos = this.vessels.map((v) => v.imo);
    this.windows = {
      historyStart: isoInstant(model.historyStartMs),
      aisStart: isoInstant(model.aisStartMs),
      asOf: isoInstant(model.asOfMs),
    };
  }

  get options(): WorldOptions {
    return this.model.options;
  }

  get profile(): ProfileSpec {
    return this.model.profile;
  }

  private eventContext(): VoyageEventContext {
    const m = this.model;
    return {
      vessels: this.vessels,
      asOfMs: m.asOfMs,
      historyStartMs: m.historyStartMs,
      zones: ZONES.map((z) => ({ lat: z.lat, lon: z.lon, radiusKm: z.radiusKm })),
      nearPort20: m.nearPort20,
    };
  }

  private riverTables(): RiverTables {
    this.rivers ??= riverTables(this.model.options.seed, this.model.asOfMs);
    return this.rivers;
  }

  private sanctionsTables(): SanctionsTables {
    const m = this.model;
    this.sanctions ??= sanctionsTables(
      m.options.seed,
      this.vessels,
      m.sanctions,
      m.registry,
      m.asOfMs,
    );
    return this.sanctions;
  }

  private cropTables(): { regions: Row[]; observations: Row[] } {
    this.crops ??= cropTables(this.model.options.seed, this.model.asOfMs);
    return this.crops;
  }

  private build(table: Exclude<TableName, 'voyages' | 'port_calls' | 'ais_positions'>): Row[] {
    const m = this.model;
    const seed = m.options.seed;
    const vessels = this.vessels;
    switch (table) {
      case 'ports':
        return portRows();
      case 'flag_states':
        return flagRows();
      case 'commodities':
        return commodityRows();
      case 'risk_zones':
        return zoneRows();
      case 'pi_clubs':
        return piClubRows();
      case 'vessels':
        return vesselRows(vessels);
      case 'vessel_identity_history':
        return identityRows(vessels);
      case 'sts_events':
        return stsRows(this.eventContext(), m.sts).rows;
      case 'dark_events':
        return darkEventRows(
          vessels,
          m.timelines.flatMap((t) => t.gaps).filter((g) => g.startMs >= m.historyStartMs - DAY_MS),
          m.asOfMs,
        );
      case 'spoofing_alerts':
        return spoofingRows(
          vessels,
          m.timelines.flatMap((t) => t.spoofs).filter((s) => s.startMs >= m.historyStartMs),
        );
      case 'locus_alerts': {
        const ctx = this.eventContext();
        return locusRows(ctx, m.calls, m.voyages, m.sts, stsRows(ctx, m.sts).ids);
      }
      case 'draft_anomalies':
        return draftAnomalyRows(this.eventContext(), m.voyages);
      case 'route_deceptions':
        return deceptionRows(this.eventContext(), m.voyages);
      case 'psc_inspections':
        return pscRows(vessels, m.inspections);
      case 'platform_alerts':
        return platformAlertRows(vessels, m.darkFleet, this.riverTables().episodes);
      case 'river_gauges':
        return this.riverTables().gauges;
      case 'river_levels':
        return this.riverTables().levels;
      case 'bunker_prices':
        return bunkerRows(seed, m.historyStartMs - 60 * DAY_MS, m.asOfMs);
      case 'freight_rates':
        return freightRows(seed, m.graph, m.historyStartMs - 28 * DAY_MS, m.asOfMs);
      case 'trade_flows':
        return tradeFlowRows(seed, m.voyages, m.asOfMs);
      case 'sanctions_lists':
        return this.sanctionsTables().lists;
      case 'sanctions_entries':
        return this.sanctionsTables().entries;
      case 'pi_coverage':
        return piCoverageRows(vessels, m.policies);
      case 'insurance_claims':
        return claimRows(vessels, m.claims);
      case 'crop_regions':
        return this.cropTables().regions;
      case 'ndvi_observations':
        return this.cropTables().observations;
    }
  }

  rows(table: TableName): Iterable<Row> {
    const m = this.model;
    if (table === 'ais_positions') return this.positions();
    if (table === 'voyages')
      return (function* (vessels: Vessel[]) {
        for (const v of m.voyages) yield voyageRow(vessels, v, m.asOfMs);
      })(this.vessels);
    if (table === 'port_calls') return m.calls.map((c) => portCallRow(this.vessels, c, m.asOfMs));
    let rows = this.cache.get(table);
    if (rows === undefined) {
      rows = this.build(table);
      // Big tables (locus alerts reach millions of rows) are rebuilt on demand rather than kept.
      if (rows.length <= CACHED_ROWS_MAX) this.cache.set(table, rows);
    }
    return rows;
  }

  copyChunks(table: TableName, chunkBytes?: number): Generator<string> {
    return table === 'ais_positions'
      ? this.positionCopyChunks(chunkBytes)
      : copyChunks(this.rows(table), chunkBytes);
  }

  *positions(): Generator<Row> {
    for (const tl of this.model.timelines) yield* this.fixRows(tl);
  }

  private fixContext(): FixContext {
    return {
      aisStartMs: this.model.aisStartMs,
      asOfMs: this.model.asOfMs,
      terrestrial: this.model.terrestrial,
    };
  }

  private *fixRows(tl: VesselTimeline): Generator<Row> {
    const ctx = this.fixContext();
    for (const fix of vesselFixes(tl, ctx)) yield fixRow(tl.vessel, fix);
  }

  *positionCopyBuffers(chunkBytes = 1 << 20): Generator<Buffer> {
    const ctx = this.fixContext();
    const iso = new IsoFormatter();
    // Lines are ASCII and written straight into buffers: building large strings by repeated
    // concatenation costs more than producing the fixes themselves.
    let buffer = Buffer.allocUnsafe(chunkBytes + 512);
    let used = 0;
    for (const tl of this.model.timelines) {
      const prefix = `${tl.vessel.imo}\t${tl.vessel.mmsi}\t`;
      for (const fix of vesselFixes(tl, ctx)) {
        const line = `${prefix}${iso.format(fix.ts)}\t${formatFixed(fix.lat, 5)}\t${formatFixed(fix.lon, 5)}\t${fix.h3}\t${formatFixed(fix.sogKn, 1)}\t${formatFixed(fix.cogDeg, 1)}\t${fix.heading}\t${fix.navStatus}\t${formatFixed(fix.draftM, 1)}\t${fix.terrestrial ? 'terrestrial' : 'satellite'}\t\\N\n`;
        used += buffer.write(line, used, 'latin1');
        if (used >= chunkBytes) {
          yield buffer.subarray(0, used);
          buffer = Buffer.allocUnsafe(chunkBytes + 512);
          used = 0;
        }
      }
    }
    if (used > 0) yield buffer.subarray(0, used);
  }

  *positionCopyChunks(chunkBytes = 1 << 20): Generator<string> {
    for (const buffer of this.positionCopyBuffers(chunkBytes)) yield buffer.toString('latin1');
  }

  *vesselPositions(imo: string): Generator<Row> {
    const tl = this.model.timelines.find((t) => t.vessel.imo === imo);
    if (tl !== undefined) yield* this.fixRows(tl);
  }
}

/** Generates the synthetic maritime world for a profile, seed and as-of day. */
export function generateWorld(options: WorldOptions): World {
  return new GeneratedWorld(buildWorldModel(options));
}
