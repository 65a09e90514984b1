// The contract every ingestible dataset implements (see docs/geo-scoring/ingestion.md#datasets):
// per-line validation, optional database checks, and one bulk upsert per chunk of at most 5,000
// rows, inside the chunk's transaction.
import type { SqlRunner } from '@platform/database';
import type { LocatedCell } from '../point-locator';
import { Fields } from './fields';

export type { SqlRunner } from '@platform/database';

export const DATASET_NAMES = [
  'metros',
  'named-locations',
  'tracts',
  'cell-tracts',
  'commuter-flows',
  'activity-events',
  'crime-incidents',
  'permits',
  'construction-detections',
  'business-licenses',
  'zba-decisions',
  'ports',
  'port-volumes',
  'satellite-embeddings',
] as const;

export type DatasetName = (typeof DATASET_NAMES)[number];

/** A validated line. `cell` is set for datasets with `point` (records placed by lat/lng). */
export interface IngestRow<R> {
  line: number;
  record: R;
  cell: LocatedCell | null;
}

export interface WriteContext {
  backfill: boolean;
  /** UTC date of the ingest (pioneer tiers). */
  today: string;
}

export interface WriteResult {
  inserted: number;
  updated: number;
  /** Metros whose scoring inputs changed (for the debounced score refresh). */
  metros: string[];
}

/** What an ingest asks of the jobs after commit (see IngestFollowUps). */
export type FollowUp = 'none' | 'scores' | 'population' | 'embeddings';

export interface DatasetHandler<R> {
  readonly name: DatasetName;
  readonly followUp: FollowUp;
  /** Validates one JSON object; throws LineError. */
  parse(fields: Fields): R;
  /** Where the record is: the server computes its cell and metro, and rejects it outside every metro. */
  point?(record: R): { lat: number; lng: number };
  /** Natural key, to collapse repeats within one chunk (the last line wins). */
  key?(record: R, cell: LocatedCell | null): string;
  /** Checks needing the database (referenced rows exist): an error message per row, or null. */
  check?(db: SqlRunner, rows: IngestRow<R>[]): Promise<(string | null)[]>;
  /** Runs before the chunk's transaction (e.g. creating monthly partitions). */
  prepare?(db: SqlRunner, rows: IngestRow<R>[]): Promise<void>;
  /** Upserts the chunk and everything derived from it, inside the chunk's transaction. */
  write(tx: SqlRunner, rows: IngestRow<R>[], context: WriteContext): Promise<WriteResult>;
}

/** The located cell of a row of a dataset with `point`. */
export function cellOf<R>(row: IngestRow<R>): LocatedCell {
  if (row.cell === null) throw new Error(`line ${row.line} was not located`);
  return row.cell;
}

/** Counts `inserted` flags of upsert RETURNING rows (`(xmax = 0) AS inserted`). */
export function countUpserts(rows: readonly { inserted: boolean }[]): {
  inserted: number;
  updated: number;
} {
  const inserted = rows.filter((row) => row.inserted).length;
  return { inserted, updated: rows.length - inserted };
}

export function distinct<T>(values: Iterable<T>): T[] {
  return [...new Set(values)];
}
