// Crime incidents (see docs/geo-scoring/data-model.md#raw-records), keyed by (source,
// source_incident_id). The magnitude defaults by offense; rollups move by the exact delta inside
// the transaction.
import { RollupDeltasRepository } from '../rollup-deltas.repository';
import { CrimeContribution } from '@platform/geo-domain';
import { cellOf, countUpserts, DatasetHandler, distinct } from './dataset';
import { Fields, latLng, LineError, oneOf, optionalNum, str, timestamp, utcDay } from './fields';

export const CRIME_CATEGORIES = ['property', 'violent', 'other'] as const;

/** Severity weight by offense when the record has no magnitude. */
export const OFFENSE_MAGNITUDE: Readonly<Record<string, number>> = {
  homicide: 10,
  robbery: 5,
  aggravated_assault: 4,
  burglary: 3,
  arson: 3,
  motor_vehicle_theft: 2.5,
  simple_assault: 2,
  weapons_violation: 1.5,
  larceny_theft: 1,
  drug_violation: 1,
  dui: 1,
  vandalism: 0.5,
  disorderly_conduct: 0.5,
};

interface CrimeIncident {
  source: string;
  sourceIncidentId: string;
  occurredAt: string;
  category: string;
  offense: string;
  magnitude: number;
  lat: number;
  lng: number;
}

function magnitude(f: Fields, offense: string): number {
  const given = optionalNum(f, 'magnitude', { min: 0, max: 1000 });
  if (given !== null) return given;
  const fallback = OFFENSE_MAGNITUDE[offense];
  if (fallback === undefined) {
    throw new LineError(`magnitude is required for offense ${offense} (no default weight)`);
  }
  return fallback;
}

interface PreviousIncident {
  metro_slug: string;
  day: string;
  h3_index: string;
  h3_r5: string;
  category: string;
  magnitude: number;
}

export function crimeIncidentsDataset(
  rollupDeltas: RollupDeltasRepository,
): DatasetHandler<CrimeIncident> {
  return {
    name: 'crime-incidents',
    followUp: 'scores',
    parse: (f: Fields) => {
      const offense = str(f, 'offense', 100);
      return {
        source: str(f, 'source', 100),
        sourceIncidentId: str(f, 'source_incident_id', 200),
        occurredAt: timestamp(f, 'occurred_at'),
        category: oneOf(f, 'category', CRIME_CATEGORIES),
        offense,
        magnitude: magnitude(f, offense),
        ...latLng(f),
      };
    },
    point: (r) => r,
    key: (r) => `${r.source}|${r.sourceIncidentId}`,
    async write(tx, rows) {
      const sources = rows.map((r) => r.record.source);
      const ids = rows.map((r) => r.record.sourceIncidentId);
      const previous = await tx.query<PreviousIncident[]>(
        `SELECT c.metro_slug, to_char(c.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
         c.h3_index, c.h3_r5, c.category, c.magnitude::float8 AS magnitude
       FROM crime_incidents c
       JOIN unnest($1::text[], $2::text[]) AS k (source, source_incident_id)
         ON c.source = k.source AND c.source_incident_id = k.source_incident_id
       FOR UPDATE OF c`,
        [sources, ids],
      );
      const result = await tx.query<{ inserted: boolean }[]>(
        `INSERT INTO crime_incidents (source, source_incident_id, occurred_at, metro_slug, lat, lng,
         h3_index, h3_r5, category, offense, magnitude)
       SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::text[], $5::float8[],
         $6::float8[], $7::text[], $8::text[], $9::text[], $10::text[], $11::real[])
       ON CONFLICT (source, source_incident_id) DO UPDATE SET
         occurred_at = EXCLUDED.occurred_at, metro_slug = EXCLUDED.metro_slug,
         lat = EXCLUDED.lat, lng = EXCLUDED.lng, h3_index = EXCLUDED.h3_index,
         h3_r5 = EXCLUDED.h3_r5, category = EXCLUDED.category, offense = EXCLUDED.offense,
         magnitude = EXCLUDED.magnitude
       RETURNING (xmax = 0) AS inserted`,
        [
          sources,
          ids,
          rows.map((r) => r.record.occurredAt),
          rows.map((r) => cellOf(r).metroSlug),
          rows.map((r) => r.record.lat),
          rows.map((r) => r.record.lng),
          rows.map((r) => cellOf(r).h3Index),
          rows.map((r) => cellOf(r).h3R5),
          rows.map((r) => r.record.category),
          rows.map((r) => r.record.offense),
          rows.map((r) => r.record.magnitude),
        ],
      );
      const removed: CrimeContribution[] = previous.map((p) => ({
        metroSlug: p.metro_slug,
        day: p.day,
        h3Index: p.h3_index,
        h3R5: p.h3_r5,
        category: p.category,
        magnitude: p.magnitude,
      }));
      // The stored magnitude is a real (float4): add what the table holds, so a later
      // subtraction of the stored value cancels exactly.
      const added: CrimeContribution[] = rows.map((r) => ({
        metroSlug: cellOf(r).metroSlug,
        day: utcDay(r.record.occurredAt),
        h3Index: cellOf(r).h3Index,
        h3R5: cellOf(r).h3R5,
        category: r.record.category,
        magnitude: Math.fround(r.record.magnitude),
      }));
      await rollupDeltas.withTransaction(tx).applyCrime(removed, added);
      const metros = distinct([...removed, ...added].map((c) => c.metroSlug));
      return { ...countUpserts(result), metros };
    },
  };
}
