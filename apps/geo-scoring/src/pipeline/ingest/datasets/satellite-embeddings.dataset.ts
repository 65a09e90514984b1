// Satellite embeddings: 64 float32 values per cell, stored little-endian (256 bytes).
import { countUpserts, DatasetHandler } from './dataset';
import { Fields, LineError, res8Cell, str, timestamp } from './fields';

interface SatelliteEmbedding {
  h3Index: string;
  embedding: Buffer;
  model: string;
  capturedAt: string;
}

export const EMBEDDING_DIMENSIONS = 64;

/** An array of 64 finite numbers, or the base64 of the 256 stored bytes. */
function embedding(f: Fields): Buffer {
  const value = f['embedding'];
  if (value === undefined || value === null) throw new LineError('embedding is required');
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'base64');
    if (bytes.length !== EMBEDDING_DIMENSIONS * 4) {
      throw new LineError('embedding (base64) must decode to 256 bytes');
    }
    return bytes;
  }
  if (
    !Array.isArray(value) ||
    value.length !== EMBEDDING_DIMENSIONS ||
    !value.every((x) => typeof x === 'number' && Number.isFinite(x))
  ) {
    throw new LineError('embedding must be an array of 64 finite numbers');
  }
  const bytes = Buffer.alloc(EMBEDDING_DIMENSIONS * 4);
  (value as number[]).forEach((x, i) => bytes.writeFloatLE(x, i * 4));
  return bytes;
}

export const satelliteEmbeddingsDataset: DatasetHandler<SatelliteEmbedding> = {
  name: 'satellite-embeddings',
  followUp: 'embeddings',
  parse: (f: Fields) => ({
    h3Index: res8Cell(f, 'h3_index'),
    embedding: embedding(f),
    model: str(f, 'model', 200),
    capturedAt: timestamp(f, 'captured_at', true),
  }),
  key: (r) => r.h3Index,
  async check(db, rows) {
    const known = await db.query<{ h3_index: string }[]>(
      'SELECT h3_index FROM cells WHERE h3_index = ANY($1::text[])',
      [rows.map((r) => r.record.h3Index)],
    );
    const cells = new Set(known.map((row) => row.h3_index));
    return rows.map((r) =>
      cells.has(r.record.h3Index)
        ? null
        : `h3_index ${r.record.h3Index} is not a cell of any metro`,
    );
  },
  async write(tx, rows) {
    const result = await tx.query<{ inserted: boolean }[]>(
      `INSERT INTO satellite_embeddings (h3_index, embedding, model, captured_at)
       SELECT * FROM unnest($1::text[], $2::bytea[], $3::text[], $4::timestamptz[])
       ON CONFLICT (h3_index) DO UPDATE SET embedding = EXCLUDED.embedding,
         model = EXCLUDED.model, captured_at = EXCLUDED.captured_at
       RETURNING (xmax = 0) AS inserted`,
      [
        rows.map((r) => r.record.h3Index),
        rows.map((r) => r.record.embedding),
        rows.map((r) => r.record.model),
        rows.map((r) => r.record.capturedAt),
      ],
    );
    return { ...countUpserts(result), metros: [] };
  },
};
