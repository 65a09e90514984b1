import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import type { Caller } from '../../platform/access/caller';
import { ClubMatcher, InvalidRow, parsePiCsv, PI_INVALID_ROWS_SHOWN } from './pi-csv';
import { CoverageUpsert, PiImportRepository } from './pi-import.repository';

export interface PiImportResult {
  rows_processed: number;
  matched: number;
  unmatched_clubs: string[];
  unmatched_vessels: string[];
  invalid_rows: InvalidRow[];
  invalid_row_count: number;
  batch_id: number;
}

const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Imports P&I entries from CSV. Each data row ends up in exactly one place: written (matched), an
 * unknown club or vessel (listed, not written), or invalid (a malformed field, or a repeat of an
 * earlier line's key, which keeps the first).
 */
@Injectable()
export class PiImportService {
  constructor(
    @Inject(PiImportRepository) private readonly repository: PiImportRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async import(text: string, caller: Caller): Promise<PiImportResult> {
    const parsed = parsePiCsv(text);
    const clubs = new ClubMatcher(await this.repository.clubs());
    const known = await this.repository.knownVessels(parsed.rows.map((r) => r.imo));
    const unmatchedClubs = new Set<string>();
    const unmatchedVessels = new Set<string>();
    const invalid = [...parsed.invalid];
    const firstLine = new Map<string, number>();
    const upserts: CoverageUpsert[] = [];
    for (const row of parsed.rows) {
      const clubId = clubs.match(row.club);
      if (clubId === null) unmatchedClubs.add(row.club);
      if (!known.has(row.imo)) unmatchedVessels.add(row.imo);
      if (clubId === null || !known.has(row.imo)) continue;
      const key = `${row.imo}|${clubId}|${row.policyYear}|${row.coverType}`;
      const first = firstLine.get(key);
      if (first !== undefined) {
        invalid.push({
          line: row.line,
          error: `repeats line ${first} (same imo_number, club, policy_year and cover_type)`,
        });
        continue;
      }
      firstLine.set(key, row.line);
      upserts.push({ ...row, clubId });
    }
    invalid.sort((a, b) => a.line - b.line);
    const shown = invalid.slice(0, PI_INVALID_ROWS_SHOWN);
    const result = {
      rows_processed: parsed.processed,
      unmatched_clubs: [...unmatchedClubs].sort(byCodePoint),
      unmatched_vessels: [...unmatchedVessels].sort(byCodePoint),
      invalid_rows: shown,
      invalid_row_count: invalid.length,
    };
    const { batchId, written } = await this.repository.write(
      {
        ownerId: caller.key?.ownerId ?? 'anonymous',
        apiKeyId: caller.key?.id ?? null,
        rowsProcessed: result.rows_processed,
        unmatchedClubs: result.unmatched_clubs,
        unmatchedVessels: result.unmatched_vessels,
        invalidRows: shown,
        at: this.clock.now(),
      },
      upserts,
    );
    return {
      rows_processed: result.rows_processed,
      matched: written,
      unmatched_clubs: result.unmatched_clubs,
      unmatched_vessels: result.unmatched_vessels,
      invalid_rows: result.invalid_rows,
      invalid_row_count: result.invalid_row_count,
      batch_id: Number(batchId),
    };
  }
}
