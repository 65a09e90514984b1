/**
 * The destination count model: how many training voyages crossed each res-5 and res-4 H3 cell
 * on their way to each port, split by laden state, plus a prior over all voyages (res 0, '*').
 * A partial track is scored by letting every (collapsed) cell vote for the destinations seen
 * from it, recent cells weighted more.
 */
import { h3CellParent } from './h3-parent';

/** One stored count: `n` voyages to `portId` touched `cell` (res 4 or 5) with this laden state. */
export interface DestinationCountRow {
  res: number;
  cell: string;
  laden: boolean;
  portId: number;
  n: number;
}

export interface DestinationScore {
  portId: number;
  probability: number;
}

export interface DestinationDistribution {
  /** Every port with probability > 0, highest first (ties by port id). */
  scores: DestinationScore[];
  /** Cells (after collapsing consecutive duplicates) that found a parent with enough voyages. */
  cellsUsed: number;
  cellsTotal: number;
  /** True when no cell contributed and the prior answered. */
  fallback: boolean;
}

export interface DistributionInput {
  cells: readonly string[];
  laden: boolean | null;
  /** The port whose radius contains the last cell: it is never a prediction. */
  excludePortId?: number | null;
}

/** Cell parents tried, finest first. */
export const DESTINATION_RESOLUTIONS = [5, 4] as const;
/** A parent is used only when at least this many training voyages crossed it. */
export const MIN_PARENT_VOYAGES = 5;
/** A laden-state subset replaces the whole only when it holds at least this many voyages. */
export const MIN_LADEN_SUBSET_VOYAGES = 3;
/** Weight half-life, in cells, counted back from the last cell. */
export const WEIGHT_HALF_LIFE_CELLS = 32;
export const PRIOR_CELL = '*';

/** Per-destination counts of one cell (or of the prior), split by laden state. */
class CellCounts {
  readonly byState: [Map<number, number>, Map<number, number>] = [new Map(), new Map()];
  readonly totals: [number, number] = [0, 0];

  add(laden: boolean, portId: number, n: number): void {
    const s = laden ? 1 : 0;
    this.byState[s].set(portId, (this.byState[s].get(portId) ?? 0) + n);
    this.totals[s] += n;
  }

  get total(): number {
    return this.totals[0] + this.totals[1];
  }

  /**
   * The counts a prediction uses: only the subset of laden state L when L is known and that
   * subset holds at least three voyages, otherwise both states together.
   */
  select(laden: boolean | null): { counts: [number, number][]; total: number } {
    if (laden !== null) {
      const s = laden ? 1 : 0;
      if (this.totals[s] >= MIN_LADEN_SUBSET_VOYAGES)
        return { counts: [...this.byState[s]], total: this.totals[s] };
    }
    const merged = new Map(this.byState[0]);
    for (const [port, n] of this.byState[1]) merged.set(port, (merged.get(port) ?? 0) + n);
    return { counts: [...merged], total: this.total };
  }
}

/** w_i = 0.5^((n − i)/32) for i = 1..n: the last cell weighs 1, 32 cells earlier 0.5. */
export function destinationCellWeight(i: number, n: number): number {
  return 0.5 ** ((n - i) / WEIGHT_HALF_LIFE_CELLS);
}

/** Drops consecutive repeats: [a, a, b, a] → [a, b, a]. */
export function collapseConsecutive(cells: readonly string[]): string[] {
  return cells.filter((cell, i) => i === 0 || cells[i - 1] !== cell);
}

export class DestinationCountModel {
  private readonly cells = new Map<string, CellCounts>();
  private readonly prior = new CellCounts();

  constructor(rows: Iterable<DestinationCountRow>) {
    for (const row of rows) {
      if (row.n <= 0) continue;
      if (row.res === 0) {
        this.prior.add(row.laden, row.portId, row.n);
        continue;
      }
      const key = `${row.res}|${row.cell}`;
      let counts = this.cells.get(key);
      if (counts === undefined) {
        counts = new CellCounts();
        this.cells.set(key, counts);
      }
      counts.add(row.laden, row.portId, row.n);
    }
  }

  /** The res-5 parent's counts if it has ≥ 5 voyages, else the res-4 parent's, else null. */
  private parentCounts(cell: string): CellCounts | null {
    for (const res of DESTINATION_RESOLUTIONS) {
      const counts = this.cells.get(`${res}|${h3CellParent(cell, res)}`);
      if (counts !== undefined && counts.total >= MIN_PARENT_VOYAGES) return counts;
    }
    return null;
  }

  /**
   * S(p) = Σ w_i·n_i(p)/N_i over the collapsed cells, without the excluded port; the prior
   * when ΣS = 0; probabilities S(p)/ΣS.
   */
  distribution(input: DistributionInput): DestinationDistribution {
    const cells = collapseConsecutive(input.cells);
    const exclude = input.excludePortId ?? null;
    const scores = new Map<number, number>();
    let cellsUsed = 0;
    cells.forEach((cell, index) => {
      const counts = this.parentCounts(cell);
      if (counts === null) return;
      cellsUsed += 1;
      const { counts: perPort, total } = counts.select(input.laden);
      const weight = destinationCellWeight(index + 1, cells.length);
      for (const [port, n] of perPort) {
        if (port === exclude) continue;
        scores.set(port, (scores.get(port) ?? 0) + (weight * n) / total);
      }
    });
    let fallback = false;
    if (sumOf(scores) <= 0) {
      fallback = true;
      scores.clear();
      for (const [port, n] of this.prior.select(input.laden).counts)
        if (port !== exclude) scores.set(port, n);
    }
    const sum = sumOf(scores);
    const ranked =
      sum > 0
        ? [...scores]
            .filter(([, s]) => s > 0)
            .map(([portId, s]) => ({ portId, probability: s / sum }))
            .sort((a, b) => b.probability - a.probability || a.portId - b.portId)
        : [];
    return { scores: ranked, cellsUsed, cellsTotal: cells.length, fallback };
  }
}

function sumOf(scores: Map<number, number>): number {
  let sum = 0;
  for (const s of scores.values()) sum += s;
  return sum;
}
