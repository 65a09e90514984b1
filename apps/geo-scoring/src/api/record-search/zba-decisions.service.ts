import { Injectable } from '@nestjs/common';
import { GeoScoringConfig } from '@platform/config';
import { ApiError } from '@platform/http';
import { buildPage, CursorCodec } from '@platform/pagination';
import { firstCodePoints, toCsv } from './csv-export';
import { ZbaDecisionRecord, ZbaDecisionSearchResponse } from './dto/record-search.response';
import { ZbaDecisionSearchQuery } from './dto/zba-decisions.query';
import { cursorPosition, SORT_KEY_SHAPES } from './record-cursor';
import { ZbaDecisionsRepository, ZbaRow } from './zba-decisions.repository';

export const ZBA_CSV_HEADER = [
  'Case Number',
  'Jurisdiction',
  'Address',
  'Variance Type',
  'Outcome',
  'Decision Date',
  'Conditions',
] as const;

/** Conditions are cut to this many code points in the export (no ellipsis). */
export const EXPORT_CONDITIONS_LENGTH = 200;

function withoutSortKey(row: ZbaRow): ZbaDecisionRecord {
  const { sort_key: _key, ...record } = row;
  return record;
}

/** GET /api/zba-decisions/search (see docs/geo-scoring/dashboard.md#record-search). */
@Injectable()
export class ZbaDecisionsService {
  constructor(
    private readonly repository: ZbaDecisionsRepository,
    private readonly config: GeoScoringConfig,
  ) {}

  async search(query: ZbaDecisionSearchQuery): Promise<ZbaDecisionSearchResponse> {
    const { decided_from: from, decided_to: to } = query;
    if (from !== undefined && to !== undefined && from > to) {
      const message = 'decided_from must not be after decided_to';
      throw ApiError.badRequest('invalid_request', message, [{ field: 'decided_from', message }]);
    }
    const order = query.order ?? 'desc';
    const codec = new CursorCodec(this.config.cursorSecret, `geo:zba-decisions:${order}`);
    const after = cursorPosition(codec, query.cursor, SORT_KEY_SHAPES.date);
    const filters = {
      jurisdictions:
        query.jurisdiction === undefined ? undefined : [...new Set(query.jurisdiction)],
      q: query.q,
      outcome: query.outcome,
      varianceType: query.variance_type,
      decidedFrom: from,
      decidedTo: to,
    };
    const [rows, total] = await Promise.all([
      this.repository.page(filters, order, after, query.limit + 1),
      this.repository.count(filters),
    ]);
    const page = buildPage(rows, query.limit, (row) => ({ sort: row.sort_key, id: row.id }), codec);
    return { records: page.items.map(withoutSortKey), next_cursor: page.next_cursor, total };
  }

  /** The page as CSV, with the product's column names; conditions cut to 200 code points. */
  toCsv(records: readonly ZbaDecisionRecord[]): string {
    return toCsv(
      ZBA_CSV_HEADER,
      records.map((record) => [
        record.case_number,
        record.jurisdiction,
        record.address,
        record.variance_type,
        record.outcome,
        record.decision_date,
        firstCodePoints(record.conditions, EXPORT_CONDITIONS_LENGTH),
      ]),
    );
  }
}
