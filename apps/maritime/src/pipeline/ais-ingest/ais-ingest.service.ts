import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { ApiError } from '@platform/http';
import {
  decodeNmeaBatch,
  splitNmeaBody,
  type DecodedPosition,
  type DecodedStatic,
} from '@platform/maritime-domain';
import { DataSource } from 'typeorm';
import { AisDerivation } from '../ais-derive/ais-derivation';
import {
  AisIngestRepository,
  BatchCounts,
  KnownVessel,
  UnmatchedInsert,
} from './ais-ingest.repository';
import { PositionColumns } from './position-columns';
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

/** Lines decoded per step; the database writes one step while Node decodes the next. */
const CHUNK_LINES = 2500;

/**
 * One NMEA upload, in one transaction with its ingest_batches row: decoded chunk by chunk (every
 * rejected line counted with its reason), static reports applied, positions of known vessels
 * written to their day partitions and those of unknown MMSIs kept aside. While the database
 * writes one chunk's positions, Node decodes the next, so the two cores work at once. After
 * commit the affected vessels are handed to the derivation (dark gaps, spoofing, geofences,
 * port calls). A type 5 draught applies to that vessel's later fixes in the same body.
 */
@Injectable()
export class AisIngestService {
  private readonly logger = new Logger(AisIngestService.name);
  private readonly ensuredDays = new Set<string>();

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
    const decodeOptions = {
      receivedAt: receivedAt ?? now,
      window: {
        notBefore: new Date(now.getTime() - ACCEPT_PAST_MS),
        notAfter: new Date(now.getTime() + ACCEPT_FUTURE_MS),
      },
    };
    const counts: BatchCounts = {
      receivedAt: receivedAt ?? now,
      lines: 0,
      decoded: 0,
      rejected: 0,
      positionsInserted: 0,
      staticUpdates: 0,
      unmatchedMmsi: 0,
      rejectReasons: {},
    };
    const rejects: { line: number; reason: string }[] = [];
    const unmatched: UnmatchedInsert[] = [];
    const touched = new Map<string, { from: number; to: number }>();
    const vessels = new Map<string, KnownVessel | null>();
    const drafts = new Map<string, { at: number; draft: number }>();
    const runner = this.db.createQueryRunner();
    await runner.connect();
    let batchId = '';
    try {
      await runner.startTransaction();
      batchId = await this.repository.insertBatch(counts, runner.manager);
      let writing: Promise<number> = Promise.resolve(0);
      for (const chunk of splitNmeaBody(text, CHUNK_LINES)) {
        const batch = decodeNmeaBatch(chunk.text, decodeOptions);
        counts.lines += batch.lines;
        counts.decoded += batch.decoded;
        counts.rejected += batch.rejected;
        for (const reject of batch.rejects) {
          counts.rejectReasons[reject.reason] = (counts.rejectReasons[reject.reason] ?? 0) + 1;
          if (rejects.length < REPORTED_ERRORS)
            rejects.push({ line: reject.line + chunk.firstLine - 1, reason: reject.reason });
        }
        await this.lookUp(
          vessels,
          [...batch.positions, ...batch.statics].map((p) => p.mmsi),
        );
        rememberDrafts(drafts, batch.statics);
        const positions = new PositionColumns();
        for (const p of batch.positions) {
          const vessel = vessels.get(p.mmsi);
          if (!vessel) {
            unmatched.push(toUnmatched(p));
            continue;
          }
          const t = p.timestamp.getTime();
          const draft = drafts.get(p.mmsi);
          positions.push(p, vessel.imo, draft && draft.at <= t ? draft.draft : null);
          const span = touched.get(vessel.imo);
          if (!span) touched.set(vessel.imo, { from: t, to: t });
          else if (t < span.from) span.from = t;
          else if (t > span.to) span.to = t;
        }
        await this.repository.ensureDayPartitions(this.newDays(positions.days));
        counts.positionsInserted += await writing;
        if (batch.statics.length > 0)
          counts.staticUpdates += await this.statics.apply(batch.statics, runner.manager);
        writing = this.repository.insertPositions(positions, batchId, runner);
      }
      counts.positionsInserted += await writing;
      counts.unmatchedMmsi = new Set(unmatched.map((u) => u.mmsi)).size;
      await this.repository.insertUnmatched(unmatched, batchId, runner.manager);
      await this.repository.finishBatch(batchId, counts, runner.manager);
      await runner.commitTransaction();
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      throw error;
    } finally {
      await runner.release();
    }
    await this.requestDerivation(touched, batchId);
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
      errors: rejects,
    };
  }

  /** Day partitions this replica has not ensured yet (each is created once, before its rows). */
  private newDays(days: ReadonlySet<string>): string[] {
    const fresh = [...days].filter((day) => !this.ensuredDays.has(day));
    for (const day of fresh) this.ensuredDays.add(day);
    return fresh;
  }

  /** Adds the vessels of MMSIs not looked up yet (null: unknown) to `vessels`. */
  private async lookUp(
    vessels: Map<string, KnownVessel | null>,
    mmsis: readonly string[],
  ): Promise<void> {
    const unseen = [...new Set(mmsis)].filter((m) => !vessels.has(m));
    if (unseen.length === 0) return;
    const found = await this.repository.vesselsByMmsi(unseen);
    for (const mmsi of unseen) vessels.set(mmsi, found.get(mmsi) ?? null);
  }

  private async requestDerivation(
    touched: Map<string, { from: number; to: number }>,
    batchId: string,
  ): Promise<void> {
    if (touched.size === 0) return;
    const spans = [...touched.values()];
    await this.derivation.requested({
      imos: [...touched.keys()],
      from: new Date(Math.min(...spans.map((s) => s.from))).toISOString(),
      to: new Date(Math.max(...spans.map((s) => s.to))).toISOString(),
      batchId,
    });
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

/** Remembers the newest draught each MMSI reported, with the time it applies from. */
function rememberDrafts(
  drafts: Map<string, { at: number; draft: number }>,
  statics: readonly DecodedStatic[],
): void {
  for (const s of statics) {
    if (s.draughtM === null) continue;
    const seen = drafts.get(s.mmsi);
    if (!seen || seen.at <= s.timestamp.getTime())
      drafts.set(s.mmsi, { at: s.timestamp.getTime(), draft: s.draughtM });
  }
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
