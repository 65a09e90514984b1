import { Injectable } from '@nestjs/common';
import { GeoScoringConfig } from '@platform/config';
import { buildPage, CursorCodec } from '@platform/pagination';
import { MetrosRepository } from '../metros/metros.repository';
import { toCsv } from './csv-export';
import { BusinessLicenseSearchQuery } from './dto/business-licenses.query';
import { BusinessLicenseRecord, BusinessLicenseSearchResponse } from './dto/record-search.response';
import {
  BusinessLicensesRepository,
  LICENCE_SORT_KEYS,
  LicenceRow,
} from './business-licenses.repository';
import { cursorPosition } from './record-cursor';

export const LICENCE_CSV_HEADER = [
  'Source ID',
  'Metro',
  'Address',
  'NAICS',
  'Pioneer Tier',
  'Loaded At',
  'Close Date',
] as const;

function withoutSortKey(row: LicenceRow): BusinessLicenseRecord {
  const { sort_key: _key, ...record } = row;
  return record;
}

/** GET /api/business-licenses/search (see docs/geo-scoring/dashboard.md#record-search). */
@Injectable()
export class BusinessLicensesService {
  constructor(
    private readonly repository: BusinessLicensesRepository,
    private readonly metros: MetrosRepository,
    private readonly config: GeoScoringConfig,
  ) {}

  async search(query: BusinessLicenseSearchQuery): Promise<BusinessLicenseSearchResponse> {
    const sort = query.sort ?? 'source_loaded_at';
    const order = query.order ?? 'desc';
    // A cursor is only valid for the sort and order it was issued for.
    const codec = new CursorCodec(
      this.config.cursorSecret,
      `geo:business-licenses:${sort}:${order}`,
    );
    const after = cursorPosition(codec, query.cursor, LICENCE_SORT_KEYS[sort].shape);
    if (query.metro !== undefined) await this.metros.require(query.metro);
    const filters = {
      metro: query.metro,
      address: query.address,
      naics: query.naics,
      pioneerTier: query.pioneer_tier,
    };
    const [rows, total] = await Promise.all([
      this.repository.page(filters, sort, order, after, query.limit + 1),
      this.repository.count(filters),
    ]);
    const page = buildPage(rows, query.limit, (row) => ({ sort: row.sort_key, id: row.id }), codec);
    return { records: page.items.map(withoutSortKey), next_cursor: page.next_cursor, total };
  }

  /** The page as CSV, with the product's column names. */
  toCsv(records: readonly BusinessLicenseRecord[]): string {
    return toCsv(
      LICENCE_CSV_HEADER,
      records.map((record) => [
        record.source_id,
        record.metro_slug,
        record.address,
        record.naics_code,
        record.pioneer_tier,
        record.source_loaded_at,
        record.close_date,
      ]),
    );
  }
}
