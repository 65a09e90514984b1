/**
 * Test support: a plain version of the destination count model (distinct res-5 and res-4
 * parents of a voyage's cells counted per destination and laden state; predictions from the
 * first half of a track, recent cells weighted more), to check that trades are predictable.
 */
import { cellToParent } from 'h3-js';

export interface TrackedVoyage {
  cells: readonly string[];
  laden: boolean;
  dest: number;
  departedMs: number;
}

type Counts = Map<string, Map<number, number>>;

const MIN_VOYAGES = 5;

function parents(cells: readonly string[], res: number): Set<string> {
  return new Set(cells.map((c) => cellToParent(c, res)));
}

export class DestinationCounts {
  private readonly counts: Counts = new Map();

  constructor(train: readonly TrackedVoyage[]) {
    for (const v of train)
      for (const res of [5, 4])
        for (const cell of parents(v.cells, res)) {
          const key = `${res}|${cell}|${v.laden}`;
          const perDest = this.counts.get(key) ?? new Map<number, number>();
          perDest.set(v.dest, (perDest.get(v.dest) ?? 0) + 1);
          this.counts.set(key, perDest);
        }
  }

  private lookup(cell: string, laden: boolean): Map<number, number> | null {
    for (const res of [5, 4]) {
      const perDest = this.counts.get(`${res}|${cellToParent(cell, res)}|${laden}`);
      if (perDest !== undefined && [...perDest.values()].reduce((s, n) => s + n, 0) >= MIN_VOYAGES)
        return perDest;
    }
    return null;
  }

  /** Destinations ranked by score for the given (partial) track. */
  rank(cells: readonly string[], laden: boolean): number[] {
    const collapsed = cells.filter((c, i) => i === 0 || cells[i - 1] !== c);
    const scores = new Map<number, number>();
    collapsed.forEach((cell, i) => {
      const perDest = this.lookup(cell, laden);
      if (perDest === null) return;
      const total = [...perDest.values()].reduce((s, n) => s + n, 0);
      const weight = 0.5 ** ((collapsed.length - 1 - i) / 32);
      for (const [dest, n] of perDest)
        scores.set(dest, (scores.get(dest) ?? 0) + (weight * n) / total);
    });
    return [...scores.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([dest]) => dest);
  }
}

/** Share of held-out voyages (the latest 10 %) whose destination is in the top 3 from the first half of their track. */
export function topThreeAccuracy(voyages: readonly TrackedVoyage[]): {
  accuracy: number;
  holdout: number;
} {
  const sorted = [...voyages].sort((a, b) => a.departedMs - b.departedMs);
  const cut = Math.floor(sorted.length * 0.9);
  const model = new DestinationCounts(sorted.slice(0, cut));
  const holdout = sorted.slice(cut);
  const hits = holdout.filter((v) =>
    model
      .rank(v.cells.slice(0, Math.max(1, Math.ceil(v.cells.length / 2))), v.laden)
      .slice(0, 3)
      .includes(v.dest),
  ).length;
  return { accuracy: hits / holdout.length, holdout: holdout.length };
}
