// bench/geo-similar measurement (run by run.mjs through swc): builds the route's SimilarityIndex
// over N synthetic cells (5 metros, 8 signals 0..100 with 5% nulls, 64-d non-negative
// embeddings like the seed's pooled ReLU features) and times SimilarityIndex.search, the exact
// code behind POST /api/cells/similar, against a plain sequential sum of the same Float32Array.
// Satellite and blend searches read the int8 copy of the embeddings first (a quarter of the
// bytes) and the float rows of a few hundred candidates, so their ratio can fall below 1.
import {
  SIGNAL_GROUPS,
  EMBEDDING_BYTES,
  EMBEDDING_DIMS,
  IndexCellInput,
  SimilarityIndex,
  SimilarityMode,
} from '@platform/geo-domain';

function arg(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

/** xorshift32: deterministic synthetic data, so runs compare. */
function prng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 4294967296;
  };
}

function syntheticCells(count: number): IndexCellInput[] {
  const rand = prng(42);
  const metros = ['atx', 'bos', 'hou', 'mia', 'sea'];
  const embeddings = new Float32Array(count * EMBEDDING_DIMS);
  const bytes = new Uint8Array(embeddings.buffer); // float32 LE on x86, as stored
  const cells: IndexCellInput[] = new Array(count);
  for (let i = 0; i < count; i++) {
    for (let j = 0; j < EMBEDDING_DIMS; j++) {
      const v = rand() - 0.35;
      embeddings[i * EMBEDDING_DIMS + j] = v > 0 ? v : 0;
    }
    cells[i] = {
      h3Index: `88${i.toString(16).padStart(13, '0')}`,
      metroSlug: metros[i % metros.length],
      lat: 0,
      lng: 0,
      composite: 50,
      confidence: 0.5,
      signals: SIGNAL_GROUPS.map(() => (rand() < 0.05 ? null : Math.round(rand() * 10000) / 100)),
      robustnessClass: null,
      supportStability: null,
      embedding: bytes.subarray(i * EMBEDDING_BYTES, (i + 1) * EMBEDDING_BYTES),
    };
  }
  return cells;
}

/** The baseline: one plain pass over the array, the least any exact scan must do. */
function sequentialSum(data: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < data.length; i++) sum += data[i];
  return sum;
}

function ms(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6;
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function measure(
  index: SimilarityIndex,
  mode: SimilarityMode,
  data: Float32Array,
  queries: number,
): { p50: number; p99: number; sumP50: number; ratio: number } {
  const rand = prng(7);
  const queryMs: number[] = [];
  const sumMs: number[] = [];
  let sink = 0;
  const warmup = 5;
  for (let q = 0; q < queries + warmup; q++) {
    // Interleaved: a noisy neighbour slows both sides alike.
    let start = process.hrtime.bigint();
    sink += sequentialSum(data);
    const sum = ms(start);
    const row = Math.floor(rand() * index.size);
    start = process.hrtime.bigint();
    const hits = index.search(row, mode, 12, false);
    const query = ms(start);
    if (hits.length !== 12) throw new Error(`expected 12 hits, got ${hits.length}`);
    sink += hits[0].similarity;
    if (q >= warmup) {
      queryMs.push(query);
      sumMs.push(sum);
    }
  }
  if (Number.isNaN(sink)) throw new Error('unexpected NaN');
  queryMs.sort((a, b) => a - b);
  sumMs.sort((a, b) => a - b);
  const p50 = quantile(queryMs, 0.5);
  const sumP50 = quantile(sumMs, 0.5);
  return { p50, p99: quantile(queryMs, 0.99), sumP50, ratio: p50 / sumP50 };
}

function main(): void {
  const count = arg('cells', 1_000_000);
  const queries = arg('queries', 100);
  let start = process.hrtime.bigint();
  const cells = syntheticCells(count);
  const generated = ms(start);
  start = process.hrtime.bigint();
  const index = new SimilarityIndex(cells);
  console.log(
    `${count.toLocaleString('en-US')} cells: generated in ${generated.toFixed(0)} ms, index built in ${ms(start).toFixed(0)} ms`,
  );
  cells.length = 0;
  const rows: [string, SimilarityMode, Float32Array, number][] = [
    ['score (8-d)', 'score', index.score.data, queries * 3],
    ['satellite (64-d)', 'satellite', index.satellite.data, queries],
    // Blend reads both spaces; its ratio is against the 64-d sum pass.
    ['blend (8 + 64-d)', 'blend', index.satellite.data, queries],
  ];
  console.log(
    'vector kind        queries   p50 ms   p99 ms   sum-pass p50 ms   ratio (query / sum pass)',
  );
  for (const [label, mode, data, n] of rows) {
    const r = measure(index, mode, data, n);
    console.log(
      `${label.padEnd(18)} ${String(n).padStart(7)} ${r.p50.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)} ${r.sumP50.toFixed(2).padStart(17)} ${r.ratio.toFixed(2).padStart(10)}`,
    );
  }
}

main();
