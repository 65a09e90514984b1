import { Injectable } from '@nestjs/common';
import { GeoScoringConfig } from '@platform/config';
import { ApiError } from '@platform/http';
import { buildPage, CursorCodec } from '@platform/pagination';
import { isUuid } from '../../pipeline/portfolio-refresh/portfolio-not-found';
import { MonitoredLocationsRepository } from '../portfolios/monitored-locations.repository';
import { MonitoredLocationsQuery } from './dto/monitored-locations.query';
import { MonitoredLocationList } from './dto/monitored-locations.response';

/**
 * A user's monitored locations (see docs/geo-scoring/dashboard.md#monitored-locations): portfolio
 * members and the unassigned ones left by deleted portfolios, in added order, keyset-paginated.
 */
@Injectable()
export class MonitoredLocationsService {
  private readonly cursors: Record<'all' | 'true' | 'false', CursorCodec>;

  constructor(
    private readonly locations: MonitoredLocationsRepository,
    config: GeoScoringConfig,
  ) {
    const codec = (scope: string) =>
      new CursorCodec(config.cursorSecret, `geo:monitored-locations:${scope}`);
    this.cursors = { all: codec('all'), true: codec('unassigned'), false: codec('assigned') };
  }

  async list(userId: string, query: MonitoredLocationsQuery): Promise<MonitoredLocationList> {
    const codec = this.cursors[query.unassigned ?? 'all'];
    const afterSeq = query.cursor === undefined ? null : String(codec.decode(query.cursor).sort);
    if (afterSeq !== null && !/^\d{1,19}$/.test(afterSeq)) {
      throw ApiError.badRequest('invalid_cursor', 'cursor does not belong to this list');
    }
    const page = await this.locations.page(userId, {
      unassigned: query.unassigned === undefined ? undefined : query.unassigned === 'true',
      afterSeq,
      // One more than asked: the extra row only proves another page exists.
      limit: query.limit + 1,
    });
    const rows = page.locations.map((location, i) => ({ location, seq: page.seqs[i] ?? '' }));
    const built = buildPage(
      rows,
      query.limit,
      (row) => ({ sort: row.seq, id: row.location.id }),
      codec,
    );
    return {
      monitored_locations: built.items.map((row) => row.location),
      next_cursor: built.next_cursor,
    };
  }

  async delete(userId: string, id: string): Promise<{ success: true }> {
    if (!isUuid(id) || !(await this.locations.deleteLocation(userId, id))) {
      throw ApiError.notFound('monitored_location_not_found', 'Monitored location not found');
    }
    return { success: true };
  }
}
