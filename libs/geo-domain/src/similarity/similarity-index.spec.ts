import { SIGNAL_GROUPS } from '../scoring/signal-groups';
import { IndexCellInput, SimilarityIndex, SimilarityMode } from './similarity-index';
import { TopK } from './top-k';

/** Deterministic PRNG (mulberry32) so failures reproduce. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function embeddingBytes(values: number[]): Uint8Array {
  const bytes = new Uint8Array(256);
  const view = new DataView(bytes.buffer);
  values.forEach((v, j) => view.setFloat32(j * 4, v, true));
  return bytes;
}

function h3(i: number): string {
  return `88${i.toString(16).padStart(13, '0')}`;
}

function cell(
  i: number,
  metro: string,
  signals: (number | null)[],
  embedding: number[] | null,
): IndexCellInput {
  return {
    h3Index: h3(i),
    metroSlug: metro,
    lat: 30 + i / 1000,
    lng: -97 - i / 1000,
    composite: 50,
    confidence: 0.5,
    signals,
    robustnessClass: null,
    supportStability: null,
    embedding: embedding ? embeddingBytes(embedding) : null,
  };
}

function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  a.forEach((x, j) => {
    dot += x * b[j];
    na += x * x;
    nb += b[j] * b[j];
  });
  return Math.max(0, dot / Math.sqrt(na * nb));
}

function randomCells(count: number, seed: number): IndexCellInput[] {
  const rand = prng(seed);
  return Array.from({ length: count }, (_, i) => {
    const signals = SIGNAL_GROUPS.map(() =>
      rand() < 0.05 ? null : Math.round(rand() * 10000) / 100,
    );
    const embedding = rand() < 0.1 ? null : Array.from({ length: 64 }, () => rand() - 0.2);
    // Shuffled metros: the index must sort rows itself.
    return cell(i, ['bos', 'atx', 'sea'][Math.floor(rand() * 3)], signals, embedding);
  });
}

const q4 = (value: number): number => Math.round(value * 10_000);

function bruteForce(
  cells: IndexCellInput[],
  source: IndexCellInput,
  mode: SimilarityMode,
  limit: number,
  sameMetroOnly: boolean,
): { h3: string; similarity: number }[] {
  const vec = (c: IndexCellInput) => c.signals.map((v) => v ?? 0);
  const emb = (c: IndexCellInput) => {
    if (!c.embedding) return null;
    const view = new DataView(c.embedding.buffer);
    return Array.from({ length: 64 }, (_, j) => view.getFloat32(j * 4, true));
  };
  const nonZero = (v: number[]) => v.some((x) => x !== 0);
  return (
    cells
      .filter((c) => c.h3Index !== source.h3Index)
      .filter((c) => !sameMetroOnly || c.metroSlug === source.metroSlug)
      .filter((c) => mode === 'satellite' || nonZero(vec(c)))
      .filter((c) => mode === 'score' || emb(c) !== null)
      .map((c) => {
        const s = mode === 'satellite' ? 0 : cosine(vec(source), vec(c));
        const e = mode === 'score' ? 0 : cosine(emb(source)!, emb(c)!);
        const similarity =
          mode === 'score' ? s : mode === 'satellite' ? e : 1 - (1 - s + (1 - e)) / 2;
        return { h3: c.h3Index, similarity };
      })
      // Ranked on the reported 4-decimal value, ties by h3_index.
      .sort((a, b) => q4(b.similarity) - q4(a.similarity) || (a.h3 < b.h3 ? -1 : 1))
      .slice(0, limit)
  );
}

describe('SimilarityIndex', () => {
  const cells = randomCells(600, 7);
  const index = new SimilarityIndex(cells, '12');

  it.each<[SimilarityMode, boolean]>([
    ['score', false],
    ['score', true],
    ['satellite', false],
    ['satellite', true],
    ['blend', false],
    ['blend', true],
  ])('matches a brute-force search (%s, sameMetroOnly %s)', (mode, same) => {
    for (const source of cells.slice(0, 25)) {
      const check = index.checkSource(source.h3Index, mode);
      if (!check.found) {
        expect(check.reason).toBe('no_satellite_embedding');
        expect(source.embedding).toBeNull();
        continue;
      }
      const got = index.search(check.row, mode, 12, same);
      const want = bruteForce(cells, source, mode, 12, same);
      expect(got.map((h) => h.cell.h3Index)).toEqual(want.map((w) => w.h3));
      got.forEach((h, i) => expect(h.similarity).toBeCloseTo(want[i].similarity, 6));
      if (same) expect(got.every((h) => h.cell.metroSlug === source.metroSlug)).toBe(true);
    }
  });

  it('contributions sum to the score cosine; null in satellite mode', () => {
    const check = index.checkSource(cells[3].h3Index, 'score');
    if (!check.found) throw new Error('source should be searchable');
    for (const hit of index.search(check.row, 'score', 20, false)) {
      const sum = Object.values(hit.contributions!).reduce((a, b) => a + b, 0);
      expect(sum).toBeCloseTo(hit.similarity, 12);
    }
    const sat = index.checkSource(cells.find((c) => c.embedding)!.h3Index, 'satellite');
    if (!sat.found) throw new Error('source should be searchable');
    expect(index.search(sat.row, 'satellite', 3, false)[0].contributions).toBeNull();
  });

  it('reports why a source cannot be compared', () => {
    const zero = cell(
      9001,
      'atx',
      SIGNAL_GROUPS.map(() => null),
      Array(64).fill(1),
    );
    const noEmbedding = cell(
      9002,
      'bos',
      SIGNAL_GROUPS.map(() => 10),
      null,
    );
    const small = new SimilarityIndex([...cells.slice(0, 10), zero, noEmbedding]);
    expect(small.checkSource(h3(9999), 'score')).toEqual({
      found: false,
      reason: 'cell_not_scored',
      sourceMetro: null,
    });
    expect(small.checkSource(zero.h3Index, 'score')).toMatchObject({
      reason: 'zero_profile',
      sourceMetro: 'atx',
    });
    expect(small.checkSource(zero.h3Index, 'blend')).toMatchObject({ reason: 'zero_profile' });
    // Satellite mode needs only the embedding.
    expect(small.checkSource(zero.h3Index, 'satellite')).toMatchObject({ found: true });
    expect(small.checkSource(noEmbedding.h3Index, 'satellite')).toMatchObject({
      reason: 'no_satellite_embedding',
      sourceMetro: 'bos',
    });
    expect(small.checkSource(noEmbedding.h3Index, 'score')).toMatchObject({ found: true });
    // The zero-profile cell is never a score candidate, the embedding-less one never a satellite one.
    const source = small.checkSource(cells[0].h3Index, 'blend');
    if (!source.found) throw new Error('source should be searchable');
    const ids = (mode: SimilarityMode) =>
      small.search(source.row, mode, 100, false).map((h) => h.cell.h3Index);
    expect(ids('score')).not.toContain(zero.h3Index);
    expect(ids('score')).toContain(noEmbedding.h3Index);
    expect(ids('satellite')).toContain(zero.h3Index);
    expect(ids('satellite')).not.toContain(noEmbedding.h3Index);
    expect(ids('blend')).not.toContain(zero.h3Index);
    expect(ids('blend')).not.toContain(noEmbedding.h3Index);
    expect(ids('score')).not.toContain(cells[0].h3Index);
  });

  it('breaks ties by h3_index ascending and clamps negative cosines to 0', () => {
    const same = SIGNAL_GROUPS.map(() => 40);
    const up = Array.from({ length: 64 }, (_, j) => (j === 0 ? 1 : 0));
    const down = Array.from({ length: 64 }, (_, j) => (j === 0 ? -1 : 0));
    // Identical profiles in scrambled order: all similarity 1, so h3 order decides.
    const tied = [5, 3, 9, 1, 7].map((i) =>
      cell(i, i % 2 ? 'atx' : 'bos', same, i === 9 ? down : up),
    );
    const tiny = new SimilarityIndex(tied);
    const source = tiny.checkSource(h3(1), 'score');
    if (!source.found) throw new Error('source should be searchable');
    const hits = tiny.search(source.row, 'score', 3, false);
    expect(hits.map((h) => h.cell.h3Index)).toEqual([h3(3), h3(5), h3(7)]);
    hits.forEach((h) => expect(h.similarity).toBeCloseTo(1, 12));
    const sat = tiny.search(source.row, 'satellite', 10, false);
    expect(sat.map((h) => [h.cell.h3Index, h.similarity])).toEqual([
      [h3(3), 1],
      [h3(5), 1],
      [h3(7), 1],
      [h3(9), 0],
    ]);
  });

  it('returns fewer cells than the limit when fewer candidates exist', () => {
    const two = new SimilarityIndex(randomCells(3, 1).map((c) => ({ ...c, metroSlug: 'atx' })));
    const source = two.checkSource(h3(0), 'score');
    if (!source.found) throw new Error('source should be searchable');
    expect(two.search(source.row, 'score', 100, true)).toHaveLength(2);
  });
});

describe('TopK', () => {
  it('keeps the k best in order whatever the arrival order', () => {
    const rand = prng(3);
    const sims = Array.from({ length: 500 }, () => Math.round(rand() * 20) / 20);
    const rank = Int32Array.from({ length: 500 }, (_, i) => 499 - i);
    const top = new TopK(17, rank);
    sims.forEach((s, row) => top.offer(row, s));
    const want = sims
      .map((similarity, row) => ({ row, similarity }))
      .sort((a, b) => b.similarity - a.similarity || rank[a.row] - rank[b.row])
      .slice(0, 17);
    expect(top.sorted()).toEqual(want);
  });
});
