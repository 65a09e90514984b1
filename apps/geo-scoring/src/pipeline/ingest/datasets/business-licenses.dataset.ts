// Business licences, keyed by (metro, source_id). pioneer_tier is computed on each upsert
// (see docs/geo-scoring/analytics.md#pioneer-tier): prior = licences with the same 4-digit NAICS
// group in gridDisk(cell, 1), opened before this one and still open then, counting the chunk's own
// rows.
import { gridDisk } from 'h3-js';
import {
  LicenceForPrior,
  naicsIndustryGroup,
  pioneerTierAmong,
  diskUnion,
} from '@platform/geo-domain';
import { cellOf, countUpserts, DatasetHandler, distinct, IngestRow } from './dataset';
import { Fields, latLng, matching, optionalDate, str, timestamp } from './fields';

interface BusinessLicence {
  sourceId: string;
  businessName: string;
  address: string;
  lat: number;
  lng: number;
  naicsCode: string | null;
  occurredAt: string;
  closeDate: string | null;
}

interface Neighbour extends LicenceForPrior {
  key: string;
  h3Index: string;
}

function naics(f: Fields): string | null {
  const value = f['naics_code'];
  if (value === undefined || value === null || value === '') return null;
  return matching(f, 'naics_code', /^\d{2,6}$/, 'a NAICS code of 2 to 6 digits');
}

/** Same-industry licences around the chunk's rows: stored ones plus the chunk itself. */
async function neighbours(
  tx: Parameters<DatasetHandler<BusinessLicence>['write']>[0],
  rows: IngestRow<BusinessLicence>[],
  keyOf: (row: IngestRow<BusinessLicence>) => string,
): Promise<Map<string, Neighbour[]>> {
  const groups = distinct(
    rows.map((r) => naicsIndustryGroup(r.record.naicsCode)).filter((g) => g !== null),
  );
  const chunkKeys = new Set(rows.map(keyOf));
  const stored =
    groups.length === 0
      ? []
      : await tx.query<
          {
            metro_slug: string;
            source_id: string;
            h3_index: string;
            naics_code: string;
            occurred_at: Date;
            close_date: string | null;
          }[]
        >(
          `SELECT metro_slug, source_id, h3_index, naics_code, occurred_at,
             to_char(close_date, 'YYYY-MM-DD') AS close_date
           FROM business_licenses
           WHERE h3_index = ANY($1::text[]) AND left(naics_code, 4) = ANY($2::text[])`,
          [diskUnion(rows.map((r) => cellOf(r).h3Index)), groups],
        );
  const all: Neighbour[] = [
    // A stored version of a licence in this chunk is replaced by the chunk's version.
    ...stored
      .map((s) => ({
        key: `${s.metro_slug}|${s.source_id}`,
        h3Index: s.h3_index,
        naicsCode: s.naics_code,
        occurredAt: s.occurred_at.toISOString(),
        closeDate: s.close_date,
      }))
      .filter((n) => !chunkKeys.has(n.key)),
    ...rows.map((r) => ({
      key: keyOf(r),
      h3Index: cellOf(r).h3Index,
      naicsCode: r.record.naicsCode,
      occurredAt: r.record.occurredAt,
      closeDate: r.record.closeDate,
    })),
  ];
  const byCell = new Map<string, Neighbour[]>();
  for (const n of all) {
    const list = byCell.get(n.h3Index) ?? [];
    list.push(n);
    byCell.set(n.h3Index, list);
  }
  return byCell;
}

const keyOf = (r: IngestRow<BusinessLicence>): string =>
  `${cellOf(r).metroSlug}|${r.record.sourceId}`;

export const businessLicensesDataset: DatasetHandler<BusinessLicence> = {
  name: 'business-licenses',
  followUp: 'scores',
  parse: (f: Fields) => ({
    sourceId: str(f, 'source_id', 200),
    businessName: str(f, 'business_name', 300),
    address: str(f, 'address', 500),
    ...latLng(f),
    naicsCode: naics(f),
    occurredAt: timestamp(f, 'occurred_at', true),
    closeDate: optionalDate(f, 'close_date'),
  }),
  point: (r) => r,
  key: (r, cell) => `${cell?.metroSlug}|${r.sourceId}`,
  async write(tx, rows, context) {
    const byCell = await neighbours(tx, rows, keyOf);
    const tiers = rows.map((r) => {
      const self = keyOf(r);
      return pioneerTierAmong(
        r.record,
        gridDisk(cellOf(r).h3Index, 1),
        (cell) => byCell.get(cell) ?? [],
        context.today,
        (other) => other.key === self,
      );
    });
    const result = await tx.query<{ inserted: boolean }[]>(
      `INSERT INTO business_licenses (source_id, business_name, address, metro_slug, lat, lng,
         h3_index, naics_code, pioneer_tier, occurred_at, close_date, source_loaded_at)
       SELECT u.*, now() FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::float8[],
         $6::float8[], $7::text[], $8::varchar(6)[], $9::text[], $10::timestamptz[], $11::date[])
         AS u
       ON CONFLICT (metro_slug, source_id) DO UPDATE SET
         business_name = EXCLUDED.business_name, address = EXCLUDED.address,
         lat = EXCLUDED.lat, lng = EXCLUDED.lng, h3_index = EXCLUDED.h3_index,
         naics_code = EXCLUDED.naics_code, pioneer_tier = EXCLUDED.pioneer_tier,
         occurred_at = EXCLUDED.occurred_at, close_date = EXCLUDED.close_date,
         source_loaded_at = now()
       RETURNING (xmax = 0) AS inserted`,
      [
        rows.map((r) => r.record.sourceId),
        rows.map((r) => r.record.businessName),
        rows.map((r) => r.record.address),
        rows.map((r) => cellOf(r).metroSlug),
        rows.map((r) => r.record.lat),
        rows.map((r) => r.record.lng),
        rows.map((r) => cellOf(r).h3Index),
        rows.map((r) => r.record.naicsCode),
        tiers,
        rows.map((r) => r.record.occurredAt),
        rows.map((r) => r.record.closeDate),
      ],
    );
    return { ...countUpserts(result), metros: distinct(rows.map((r) => cellOf(r).metroSlug)) };
  },
};
