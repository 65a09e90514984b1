import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { ApiError } from '@platform/http';
import {
  decodeNmeaBatch,
  type DecodedPosition,
  type DecodedStatic,
} from '@platform/maritime-domain';
import { latLngToCell } from 'h3-js';
import { DataSource } from 'typeorm';
import { AisDerivation } from '../ais-derive/ais-derivation';
import {
  AisIngestRepository,
  BatchCounts,
  PositionInsert,
  UnmatchedInsert,
} from './ais-ingest.repository';
import { VesselStaticsRepository } from './vessel-statics.repository';

export const MAX_INGEST_LINES = 20_000;
const DAY_MS = 86_400_000;
/** Ingest refuses positions older than this or more than 5 minutes ahead of the clock. */
const ACCEPT_PAST_MS = 35 * DAY_MS;
const ACCEPT_FUTURE_MS = 5 * 60_000;
const REPORTED_ERRORS = 20;

export interface IngestResult {
  batch_id: number;
  lines: number;
  decoded: number;
  rejected: number;
  positions_inserted: number;
  static_updates: number;
  unmatched_mmsi: number;
  errors: { line: number; reason: string }[];
}

/**
 * One NMEA upload: decoded in memory (every rejected line counted with its reason), static
 * reports applied, positions of known vessels written to their day partitions and those of
 * unknown MMSIs kept aside, all in one transaction with its ingest_batches row. After commit the
 * affected vessels are handed to the derivation (dark gaps, spoofing, geofences, port calls).
 */
@Injectable()
export class AisIngestService {
  private readonly logger = new Logger(AisIngestService.name);

  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(AisIngestRepository) private readonly repository: AisIngestRepository,
    @Inject(VesselStaticsRepository) private readonly statics: VesselStaticsRepository,
    @Inject(AisDerivation) private readonly derivation: AisDerivation,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async ingest(text: string, receivedAt: Date | undefined): Promise<IngestResult> {
    const lineCount = countLines(text);
    if (lineCount > MAX_INGEST_LINES)
      throw new ApiError(413, 'payload_too_large', `At most ${MAX_INGEST_LINES} lines per request`);
    const now = this.clock.now();
    const batch = decodeNmeaBatch(text, {
      receivedAt: receivedAt ?? now,
      window: {
        notBefore: new Date(now.getTime() - ACCEPT_PAST_MS),
        notAfter: new Date(now.getTime() + ACCEPT_FUTURE_MS),
      },
    });
    const vessels = await this.repository.vesselsByMmsi([
      ...new Set([...batch.positions, ...batch.statics].map((p) => p.mmsi)),
    ]);
    const drafts = latestDrafts(batch.statics);
    const positions: PositionInsert[] = [];
    const unmatched: UnmatchedInsert[] = [];
    for (const p of batch.positions) {
      const vessel = vessels.get(p.mmsi);
      if (vessel) positions.push(toInsert(p, vessel.imo, drafts.get(p.mmsi)));
      else unmatched.push(toUnmatched(p));
    }
    const counts: BatchCounts = {
      receivedAt: receivedAt ?? now,
      lines: batch.lines,
      decoded: batch.decoded,
      rejected: batch.rejected,
      positionsInserted: 0,
      staticUpdates: 0,
      unmatchedMmsi: new Set(unmatched.map((u) => u.mmsi)).size,
      rejectReasons: tally(batch.rejects.map((r) => r.reason)),
    };
    await this.repository.ensureDayPartitions([
      ...new Set(positions.map((p) => p.ts.toISOString().slice(0, 10))),
    ]);
    const batchId = await this.db.transaction(async (manager) => {
      const id = await this.repository.insertBatch(counts, manager);
      counts.staticUpdates = await this.statics.apply(batch.statics, manager);
      counts.positionsInserted = await this.repository.insertPositions(positions, id, manager);
      await this.repository.insertUnmatched(unmatched, id, manager);
      await this.repository.finishBatch(id, counts, manager);
      return id;
    });
    const touched = [...new Set(positions.map((p) => p.imo))];
    if (touched.length > 0) {
      const times = positions.map((p) => p.ts.getTime());
      await this.derivation.requested({
        imos: touched,
        from: new Date(Math.min(...times)).toISOString(),
        to: new Date(Math.max(...times)).toISOString(),
        batchId,
      });
    }
    this.logger.log(
      {
        batch_id: batchId,
        lines: counts.lines,
        rejected: counts.rejected,
        inserted: counts.positionsInserted,
      },
      'ais batch ingested',
    );
    return {
      batch_id: Number(batchId),
      lines: counts.lines,
      decoded: counts.decoded,
      rejected: counts.rejected,
      positions_inserted: counts.positionsInserted,
      static_updates: counts.staticUpdates,
      unmatched_mmsi: counts.unmatchedMmsi,
      errors: batch.rejects.slice(0, REPORTED_ERRORS),
    };
  }
}

function countLines(text: string): number {
  let n = 0;
  let start = 0;
  for (;;) {
    const end = text.indexOf('\n', start);
    const line = end === -1 ? text.slice(start) : text.slice(start, end);
    if (line.trim() !== '') n += 1;
    if (end === -1) return n;
    start = end + 1;
  }
}

/** The draught each MMSI last reported in this batch, with the time it applies from. */
function latestDrafts(
  statics: readonly DecodedStatic[],
): Map<string, { at: number; draft: number }> {
  const drafts = new Map<string, { at: number; draft: number }>();
  for (const s of statics) {
    if (s.draughtM === null) continue;
    const seen = drafts.get(s.mmsi);
    if (!seen || seen.at <= s.timestamp.getTime())
      drafts.set(s.mmsi, { at: s.timestamp.getTime(), draft: s.draughtM });
  }
  return drafts;
}

function toInsert(
  p: DecodedPosition,
  imo: string,
  draft: { at: number; draft: number } | undefined,
): PositionInsert {
  return {
    imo,
    mmsi: p.mmsi,
    ts: p.timestamp,
    lat: p.lat,
    lon: p.lon,
    h3: latLngToCell(p.lat, p.lon, 8),
    sog: p.sogKn,
    cog: p.cogDeg,
    heading: p.heading,
    navStatus: p.navStatus,
    draft: draft && draft.at <= p.timestamp.getTime() ? draft.draft : null,
    source: p.source,
  };
}

function toUnmatched(p: DecodedPosition): UnmatchedInsert {
  return {
    mmsi: p.mmsi,
    ts: p.timestamp,
    lat: p.lat,
    lon: p.lon,
    sog: p.sogKn,
    cog: p.cogDeg,
    heading: p.heading,
    navStatus: p.navStatus,
    source: p.source,
  };
}

function tally(values: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}
