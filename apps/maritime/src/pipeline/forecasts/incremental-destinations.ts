import {
  DESTINATION_RESOLUTIONS,
  h3CellParent,
  haversineKm,
  MIN_LADEN_SUBSET_VOYAGES,
  MIN_PARENT_VOYAGES,
  PRIOR_CELL,
  WEIGHT_HALF_LIFE_CELLS,
  type DestinationCountRow,
  type PortProbability,
} from '@platform/maritime-domain';
import { cellToLatLng } from 'h3-js';
import type { PortGeometry } from '../destinations/destination-models.repository';

/** One cell's (or the prior's) counts per port, split by laden state. */
interface Counts {
  byState: [Map<number, number>, Map<number, number>];
  totals: [number, number];
}

/** A cell's vote: n(p)/N over the selected laden subset, as (port index, share) pairs. */
type Vote = readonly (readonly [number, number])[];

/** Kilometres per degree of latitude on the sphere haversineKm uses, rounded down. */
const KM_PER_DEGREE_LAT = 111.19;

const stateKey = (laden: boolean | null): number => (laden === null ? 2 : laden ? 1 : 0);

/**
 * The destination model's distribution, computed incrementally along a growing track.
 *
 * The model scores S(p) = Σ w_i·n_i(p)/N_i with w_i = 0.5^((n − i)/32) over the collapsed
 * cells. When the track grows from n to n' cells, S' = 0.5^((n' − n)/32)·S + the new cells'
 * votes, so a voyage followed day by day costs only its new cells. Everything else (res-5 then
 * res-4 parents with ≥ 5 voyages, the laden subset with ≥ 3, excluding the port containing the
 * last cell, the prior when ΣS = 0) is the active model's rule; a test checks both agree.
 */
export class IncrementalDestinations {
  private readonly cells = new Map<string, Counts>();
  private readonly prior: Counts = emptyCounts();
  private readonly portIndex = new Map<number, number>();
  /** Votes per cell and laden state, and per parent counts and laden state. */
  private readonly votes = new Map<string, Vote | null>();
  private readonly selected = new WeakMap<Counts, (Vote | undefined)[]>();

  constructor(
    rows: Iterable<DestinationCountRow>,
    private readonly ports: readonly PortGeometry[],
  ) {
    ports.forEach((port, i) => this.portIndex.set(port.id, i));
    for (const row of rows) {
      if (row.n <= 0 || !this.portIndex.has(row.portId)) continue;
      let counts = this.prior;
      if (row.res !== 0 || row.cell !== PRIOR_CELL) {
        const key = `${row.res}|${row.cell}`;
        counts = this.cells.get(key) ?? emptyCounts();
        this.cells.set(key, counts);
      }
      const s = row.laden ? 1 : 0;
      counts.byState[s].set(row.portId, (counts.byState[s].get(row.portId) ?? 0) + row.n);
      counts.totals[s] += row.n;
    }
  }

  /** A track to follow: its cells with consecutive repeats removed. */
  track(cells: readonly string[], laden: boolean | null): DestinationTrack {
    return new DestinationTrack(this, cells, laden);
  }

  /** @internal the vote of one cell for a laden state, cached. */
  vote(cell: string, laden: boolean | null): Vote | null {
    const key = `${stateKey(laden)}|${cell}`;
    if (this.votes.has(key)) return this.votes.get(key) ?? null;
    let vote: Vote | null = null;
    for (const res of DESTINATION_RESOLUTIONS) {
      const counts = this.cells.get(`${res}|${h3CellParent(cell, res)}`);
      if (counts !== undefined && counts.totals[0] + counts.totals[1] >= MIN_PARENT_VOYAGES) {
        const cached = this.selected.get(counts) ?? [];
        vote = cached[stateKey(laden)] ??= this.select(counts, laden);
        this.selected.set(counts, cached);
        break;
      }
    }
    this.votes.set(key, vote);
    return vote;
  }

  /** @internal */
  priorVote(laden: boolean | null): Vote {
    return this.select(this.prior, laden, false);
  }

  /** @internal */
  get portCount(): number {
    return this.ports.length;
  }

  /** @internal */
  portIdAt(index: number): number {
    return (this.ports[index] as PortGeometry).id;
  }

  /**
   * @internal the index of the port whose radius contains the cell's centre (the nearest if
   * several), or -1: the model's rule, with a latitude pre-check that is exact (a great circle
   * is never shorter than its latitude difference).
   */
  excludedIndex(cell: string): number {
    const [lat, lon] = cellToLatLng(cell);
    let best = -1;
    let bestKm = Number.POSITIVE_INFINITY;
    this.ports.forEach((port, i) => {
      if (Math.abs(lat - port.lat) * KM_PER_DEGREE_LAT > port.radius_km) return;
      const km = haversineKm({ lat, lon }, port);
      if (km <= port.radius_km && km < bestKm) {
        best = i;
        bestKm = km;
      }
    });
    return best;
  }

  private select(counts: Counts, laden: boolean | null, share = true): Vote {
    let entries: [number, number][];
    let total: number;
    const s = laden === null ? -1 : laden ? 1 : 0;
    if (s >= 0 && (counts.totals[s as 0 | 1] as number) >= MIN_LADEN_SUBSET_VOYAGES) {
      entries = [...counts.byState[s as 0 | 1]];
      total = counts.totals[s as 0 | 1];
    } else {
      const merged = new Map(counts.byState[0]);
      for (const [port, n] of counts.byState[1]) merged.set(port, (merged.get(port) ?? 0) + n);
      entries = [...merged];
      total = counts.totals[0] + counts.totals[1];
    }
    return entries.map(([port, n]) => [this.portIndex.get(port) as number, share ? n / total : n]);
  }
}

/** One voyage's running scores. */
export class DestinationTrack {
  private readonly collapsed: string[] = [];
  /** For each raw cell, the collapsed length up to and including it. */
  private readonly lengthAt: number[] = [];
  private scores: Float64Array;
  private done = 0;

  constructor(
    private readonly model: IncrementalDestinations,
    cells: readonly string[],
    private readonly laden: boolean | null,
  ) {
    for (const cell of cells) {
      if (this.collapsed[this.collapsed.length - 1] !== cell) this.collapsed.push(cell);
      this.lengthAt.push(this.collapsed.length);
    }
    this.scores = new Float64Array(model.portCount);
  }

  /** The distribution for the track's first `rawCells` cells (never shorter than a previous call). */
  distribution(rawCells: number): PortProbability[] {
    const n =
      rawCells <= 0 ? 0 : (this.lengthAt[Math.min(rawCells, this.lengthAt.length) - 1] as number);
    if (n < this.done) {
      this.scores = new Float64Array(this.model.portCount);
      this.done = 0;
    }
    if (n > this.done) {
      const decay = 0.5 ** ((n - this.done) / WEIGHT_HALF_LIFE_CELLS);
      for (let p = 0; p < this.scores.length; p += 1)
        this.scores[p] = (this.scores[p] as number) * decay;
      for (let i = this.done + 1; i <= n; i += 1) {
        const vote = this.model.vote(this.collapsed[i - 1] as string, this.laden);
        if (vote === null) continue;
        const weight = 0.5 ** ((n - i) / WEIGHT_HALF_LIFE_CELLS);
        for (const [p, share] of vote) this.scores[p] = (this.scores[p] as number) + weight * share;
      }
      this.done = n;
    }
    const exclude = n === 0 ? -1 : this.model.excludedIndex(this.collapsed[n - 1] as string);
    let sum = 0;
    for (let p = 0; p < this.scores.length; p += 1)
      if (p !== exclude) sum += this.scores[p] as number;
    const out: PortProbability[] = [];
    if (sum > 0) {
      for (let p = 0; p < this.scores.length; p += 1) {
        const s = this.scores[p] as number;
        if (p !== exclude && s > 0)
          out.push({ portId: String(this.model.portIdAt(p)), probability: s / sum });
      }
      return out;
    }
    // No cell voted: the prior, as the model falls back to it.
    const prior = this.model.priorVote(this.laden).filter(([p, n]) => p !== exclude && n > 0);
    const total = prior.reduce((t, [, n]) => t + n, 0);
    for (const [p, n] of prior)
      out.push({ portId: String(this.model.portIdAt(p)), probability: n / total });
    return out;
  }
}

function emptyCounts(): Counts {
  return { byState: [new Map(), new Map()], totals: [0, 0] };
}
