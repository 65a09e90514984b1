import { Injectable } from '@nestjs/common';
import { GeocodingService } from '../../../pipeline/geocoding/geocoding.service';
import { isUuid, portfolioNotFound } from '../../../pipeline/portfolio-refresh/portfolio-not-found';
import { UploadResult, UploadRowResult } from '../dto/upload.response';
import { NewMember } from '../monitored-locations.repository';
import { PortfolioMembersService, toNewMember } from '../portfolio-members.service';
import { PortfoliosRepository } from '../portfolios.repository';
import { parseUpload, PointRow, UploadRow } from './upload-csv';

/**
 * CSV uploads into a portfolio (see docs/geo-scoring/dashboard.md#csv-upload): rows with
 * coordinates are inserted as they are, address rows are geocoded first; every row gets a status.
 * The inserted rows commit together in one transaction once geocoding is over.
 */
@Injectable()
export class PortfolioUploadService {
  constructor(
    private readonly portfolios: PortfoliosRepository,
    private readonly members: PortfolioMembersService,
    private readonly geocoding: GeocodingService,
  ) {}

  async upload(userId: string, portfolioId: string, csv: string): Promise<UploadResult> {
    if (!isUuid(portfolioId) || !(await this.portfolios.owned(userId, portfolioId))) {
      throw portfolioNotFound();
    }
    const { rows } = parseUpload(csv);
    // Refused before geocoding when the valid rows could not all fit.
    await this.members.checkRoom(
      userId,
      portfolioId,
      rows.filter((row) => row.kind !== 'invalid').length,
    );
    const results = new Map<number, UploadRowResult>();
    const placed = await this.place(rows, results);
    const inserted = await this.members.insert(
      userId,
      portfolioId,
      placed.map((row) => row.member),
    );
    placed.forEach((row, i) => {
      results.set(row.rowIndex, {
        rowIndex: row.rowIndex,
        status: 'inserted',
        reason: null,
        member_id: inserted[i]?.id ?? null,
      });
    });
    const ordered = rows.map((row) => results.get(row.rowIndex) as UploadRowResult);
    const count = (status: UploadRowResult['status']) =>
      ordered.filter((row) => row.status === status).length;
    return {
      rows: ordered,
      inserted: count('inserted'),
      invalid: count('invalid'),
      geocode_failed: count('geocode_failed'),
    };
  }

  /** The rows that have a point (given or geocoded); the others' results are recorded. */
  private async place(
    rows: readonly UploadRow[],
    results: Map<number, UploadRowResult>,
  ): Promise<{ rowIndex: number; member: NewMember }[]> {
    const addressRows = rows.flatMap((row) => (row.kind === 'address' ? [row] : []));
    const geocoded = await this.geocoding.geocodeAll(addressRows.map((row) => row.address));
    const points = new Map<number, PointRow>();
    addressRows.forEach((row, i) => {
      const result = geocoded[i];
      if (result?.found === true) {
        points.set(row.rowIndex, {
          rowIndex: row.rowIndex,
          kind: 'point',
          name: row.name ?? row.address,
          lat: result.lat,
          lng: result.lng,
          address: row.address,
        });
      } else {
        results.set(row.rowIndex, {
          rowIndex: row.rowIndex,
          status: 'geocode_failed',
          reason: result?.reason ?? 'geocoder_error',
          member_id: null,
        });
      }
    });
    const placed: { rowIndex: number; member: NewMember }[] = [];
    for (const row of rows) {
      if (row.kind === 'invalid') {
        results.set(row.rowIndex, {
          rowIndex: row.rowIndex,
          status: 'invalid',
          reason: row.reason,
          member_id: null,
        });
        continue;
      }
      const point = row.kind === 'point' ? row : points.get(row.rowIndex);
      if (point === undefined) continue;
      placed.push({
        rowIndex: row.rowIndex,
        member: toNewMember({
          name: point.name,
          lat: point.lat,
          lng: point.lng,
          address: point.address,
        }),
      });
    }
    return placed;
  }
}
