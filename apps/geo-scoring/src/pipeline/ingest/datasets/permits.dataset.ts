// Building permits, keyed by (metro, permit_number), id `<metro>-<permit_number>`.
// New permits emit permit.filed (outbox, not on update, not with backfill) and may become the
// nearest permit of construction detections around them.
import { relinkDetections } from '../detection-links';
import { OutboxRepository } from '../outbox.repository';
import { PermitLinksRepository } from '../permit-links.repository';
import { cellOf, countUpserts, DatasetHandler, distinct } from './dataset';
import { date, Fields, latLng, oneOf, optionalDate, optionalNum, str } from './fields';

export const WORK_CLASSES = ['residential', 'commercial'] as const;

interface Permit {
  permitNumber: string;
  permitType: string;
  workClass: string;
  value: number | null;
  housingUnits: number;
  address: string;
  lat: number;
  lng: number;
  filedDate: string;
  issuedDate: string | null;
  status: string;
}

interface UpsertedPermit {
  id: string;
  permit_number: string;
  metro_slug: string;
  h3_index: string;
  lat: number;
  lng: number;
  permit_type: string;
  value: string | null;
  filed_date: string;
  address: string;
  inserted: boolean;
}

export function permitsDataset(
  outbox: OutboxRepository,
  permitLinks: PermitLinksRepository,
): DatasetHandler<Permit> {
  return {
    name: 'permits',
    followUp: 'scores',
    parse: (f: Fields) => ({
      permitNumber: str(f, 'permit_number', 100),
      permitType: str(f, 'permit_type', 100),
      workClass: oneOf(f, 'work_class', WORK_CLASSES),
      value: optionalNum(f, 'value', { min: 0, max: 999_999_999_999.99 }),
      housingUnits: optionalNum(f, 'housing_units', { integer: true, min: 0, max: 100_000 }) ?? 0,
      address: str(f, 'address', 500),
      ...latLng(f),
      filedDate: date(f, 'filed_date'),
      issuedDate: optionalDate(f, 'issued_date'),
      status: str(f, 'status', 100),
    }),
    point: (r) => r,
    key: (r, cell) => `${cell?.metroSlug}|${r.permitNumber}`,
    async write(tx, rows, context) {
      const permits = await tx.query<UpsertedPermit[]>(
        `INSERT INTO permits AS p (id, permit_number, permit_type, work_class, value, housing_units,
         address, metro_slug, lat, lng, h3_index, filed_date, issued_date, status,
         source_loaded_at)
       SELECT u.metro_slug || '-' || u.permit_number, u.permit_number, u.permit_type,
         u.work_class, u.value, u.housing_units, u.address, u.metro_slug, u.lat, u.lng,
         u.h3_index, u.filed_date, u.issued_date, u.status, now()
       FROM unnest($1::text[], $2::text[], $3::text[], $4::numeric[], $5::int[], $6::text[],
         $7::text[], $8::float8[], $9::float8[], $10::text[], $11::date[], $12::date[],
         $13::text[]) AS u (permit_number, permit_type, work_class, value, housing_units,
         address, metro_slug, lat, lng, h3_index, filed_date, issued_date, status)
       ON CONFLICT (metro_slug, permit_number) DO UPDATE SET
         permit_type = EXCLUDED.permit_type, work_class = EXCLUDED.work_class,
         value = EXCLUDED.value, housing_units = EXCLUDED.housing_units,
         address = EXCLUDED.address, lat = EXCLUDED.lat, lng = EXCLUDED.lng,
         h3_index = EXCLUDED.h3_index, filed_date = EXCLUDED.filed_date,
         issued_date = EXCLUDED.issued_date, status = EXCLUDED.status, source_loaded_at = now()
       RETURNING p.id, p.permit_number, p.metro_slug, p.h3_index, p.lat, p.lng, p.permit_type,
         p.value::text AS value, to_char(p.filed_date, 'YYYY-MM-DD') AS filed_date, p.address,
         (p.xmax = 0) AS inserted`,
        [
          rows.map((r) => r.record.permitNumber),
          rows.map((r) => r.record.permitType),
          rows.map((r) => r.record.workClass),
          rows.map((r) => r.record.value),
          rows.map((r) => r.record.housingUnits),
          rows.map((r) => r.record.address),
          rows.map((r) => cellOf(r).metroSlug),
          rows.map((r) => r.record.lat),
          rows.map((r) => r.record.lng),
          rows.map((r) => cellOf(r).h3Index),
          rows.map((r) => r.record.filedDate),
          rows.map((r) => r.record.issuedDate),
          rows.map((r) => r.record.status),
        ],
      );
      if (!context.backfill) {
        await outbox.withTransaction(tx).emitGlobal(
          'permit.filed',
          permits
            .filter((p) => p.inserted)
            .map((p) => ({
              permit_id: p.id,
              permit_number: p.permit_number,
              metro_slug: p.metro_slug,
              h3_index: p.h3_index,
              lat: p.lat,
              lng: p.lng,
              permit_type: p.permit_type,
              value: p.value === null ? null : Number(p.value),
              filed_date: p.filed_date,
              address: p.address,
            })),
        );
      }
      await relinkDetections(
        permitLinks.withTransaction(tx),
        permits.map((p) => ({ id: p.id, h3Index: p.h3_index })),
      );
      return { ...countUpserts(permits), metros: distinct(permits.map((p) => p.metro_slug)) };
    },
  };
}
