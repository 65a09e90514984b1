// Satellite embeddings for 92% of cells: 64 non-negative float32 (pooled-ReLU style) driven by
// the planted fields, so look-alike search finds cells of similar character.
import type { CopyValue } from '../copy-writer';
import { DAY_MS, isoTime, type SeedContext } from '../context';
import { Rng } from '@platform/geo-domain';

const DIMS = 64;
const FEATURES = 6;
export const EMBEDDING_MODEL = 'seed-relu-64';

export function* embeddingRows(ctx: SeedContext): Generator<CopyValue[]> {
  const modelRng = Rng.stream(ctx.seed, 'satellite_embeddings', 'model');
  const weights = Array.from({ length: DIMS }, () =>
    Array.from({ length: FEATURES }, () => modelRng.normal()),
  );
  const bias = Array.from({ length: DIMS }, () => 0.3 * modelRng.normal());
  for (const world of ctx.worlds) {
    const rng = Rng.stream(ctx.seed, 'satellite_embeddings', world.entry.slug);
    for (const cell of world.cells) {
      if (!rng.chance(0.92)) continue;
      const features = [
        Math.log1p(cell.population) / 8 - 0.5,
        Math.log1p(cell.jobs) / 8 - 0.5,
        cell.centrality,
        cell.low ? 1 : 0,
        cell.ring ? 1 : 0,
        rng.normal() * 0.3,
      ];
      const buffer = Buffer.alloc(DIMS * 4);
      for (let d = 0; d < DIMS; d++) {
        let sum = bias[d] + 0.05 * rng.normal();
        for (let f = 0; f < FEATURES; f++) sum += weights[d][f] * features[f];
        buffer.writeFloatLE(Math.max(0, sum), d * 4);
      }
      yield [cell.h3, buffer, EMBEDDING_MODEL, isoTime(ctx.asOfMs - rng.int(1, 120) * DAY_MS)];
    }
  }
}

export const EMBEDDING_COLUMNS = ['h3_index', 'embedding', 'model', 'captured_at'] as const;
