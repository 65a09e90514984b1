// Zoning-board decisions, keyed by (jurisdiction, case number).
import { cellOf, countUpserts, DatasetHandler, distinct } from './dataset';
import { date, Fields, latLng, oneOf, optionalStr, str } from './fields';

export const JURISDICTIONS = ['Boston', 'Cambridge', 'Somerville', 'Newton'] as const;
export const ZBA_OUTCOMES = [
  'Approved',
  'Denied',
  'Granted',
  'Granted with Conditions',
  'Pending',
  'Withdrawn',
] as const;

interface ZbaDecision {
  jurisdiction: string;
  caseNumber: string;
  address: string;
  lat: number;
  lng: number;
  varianceType: string;
  outcome: string;
  decisionDate: string;
  conditions: string;
}

export const zbaDecisionsDataset: DatasetHandler<ZbaDecision> = {
  name: 'zba-decisions',
  followUp: 'scores',
  parse: (f: Fields) => ({
    jurisdiction: oneOf(f, 'jurisdiction', JURISDICTIONS),
    caseNumber: str(f, 'case_number', 100),
    address: str(f, 'address', 500),
    ...latLng(f),
    varianceType: str(f, 'variance_type', 200),
    outcome: oneOf(f, 'outcome', ZBA_OUTCOMES),
    decisionDate: date(f, 'decision_date'),
    conditions: optionalStr(f, 'conditions', 20_000) ?? '',
  }),
  point: (r) => r,
  key: (r) => `${r.jurisdiction}|${r.caseNumber}`,
  async write(tx, rows) {
    const result = await tx.query<{ inserted: boolean }[]>(
      `INSERT INTO zba_decisions (jurisdiction, case_number, address, lat, lng, h3_index,
         variance_type, outcome, decision_date, conditions, source_loaded_at)
       SELECT u.*, now() FROM unnest($1::text[], $2::text[], $3::text[], $4::float8[],
         $5::float8[], $6::text[], $7::text[], $8::text[], $9::date[], $10::text[]) AS u
       ON CONFLICT (jurisdiction, case_number) DO UPDATE SET address = EXCLUDED.address,
         lat = EXCLUDED.lat, lng = EXCLUDED.lng, h3_index = EXCLUDED.h3_index,
         variance_type = EXCLUDED.variance_type, outcome = EXCLUDED.outcome,
         decision_date = EXCLUDED.decision_date, conditions = EXCLUDED.conditions,
         source_loaded_at = now()
       RETURNING (xmax = 0) AS inserted`,
      [
        rows.map((r) => r.record.jurisdiction),
        rows.map((r) => r.record.caseNumber),
        rows.map((r) => r.record.address),
        rows.map((r) => r.record.lat),
        rows.map((r) => r.record.lng),
        rows.map((r) => cellOf(r).h3Index),
        rows.map((r) => r.record.varianceType),
        rows.map((r) => r.record.outcome),
        rows.map((r) => r.record.decisionDate),
        rows.map((r) => r.record.conditions),
      ],
    );
    return { ...countUpserts(result), metros: distinct(rows.map((r) => cellOf(r).metroSlug)) };
  },
};
