/**
 * Training the destination count model: each training voyage adds 1 to every distinct res-5 and
 * res-4 parent of its cells (once per voyage, so long voyages do not dominate) and to the prior.
 * Accuracy is measured on the held-out latest voyages, predicting from the first half of each
 * track with its laden state.
 */
import { h3CellParent } from './h3-parent';
import { DESTINATION_RESOLUTIONS, DestinationCountModel, PRIOR_CELL } from './count-model';
import type { DestinationCountRow, DestinationDistribution } from './count-model';

export interface TrainingVoyage {
  cells: readonly string[];
  laden: boolean;
  destPortId: number;
  departedAt: Date;
}

/** Share of voyages held out for accuracy: the latest 10 % by departure. */
export const HOLDOUT_SHARE = 0.1;

/** Splits by departure (oldest first): the last ⌊10 %⌋ are held out; ties keep input order. */
export function splitHoldout<V extends TrainingVoyage>(
  voyages: readonly V[],
): { train: V[]; holdout: V[] } {
  const sorted = voyages
    .map((voyage, index) => ({ voyage, index }))
    .sort(
      (a, b) => a.voyage.departedAt.getTime() - b.voyage.departedAt.getTime() || a.index - b.index,
    )
    .map(({ voyage }) => voyage);
  const holdoutSize = Math.floor(sorted.length * HOLDOUT_SHARE);
  const cut = sorted.length - holdoutSize;
  return { train: sorted.slice(0, cut), holdout: sorted.slice(cut) };
}

/**
 * Count rows, including the prior (res 0, cell '*'), sorted by (cell, laden, port): the table's
 * key order (an H3 string starts with its resolution, and '*' sorts first), which keeps a bulk
 * load of them cheap.
 */
export function countDestinations(voyages: readonly TrainingVoyage[]): DestinationCountRow[] {
  const counts = new Map<string, DestinationCountRow>();
  // Lanes repeat, so each res-8 cell's parents are computed once.
  const parentsOf = new Map<string, readonly string[]>();
  const resolutionOf = new Map<string, number>([[PRIOR_CELL, 0]]);
  for (const voyage of voyages) {
    const distinct = new Set<string>([PRIOR_CELL]);
    for (const cell of voyage.cells) {
      let parents = parentsOf.get(cell);
      if (parents === undefined) {
        parents = DESTINATION_RESOLUTIONS.map((res) => {
          const parent = h3CellParent(cell, res);
          resolutionOf.set(parent, res);
          return parent;
        });
        parentsOf.set(cell, parents);
      }
      for (const parent of parents) distinct.add(parent);
    }
    const { laden, destPortId: portId } = voyage;
    for (const cell of distinct) {
      const key = `${cell}|${laden ? 1 : 0}|${portId}`;
      const row = counts.get(key);
      if (row !== undefined) row.n += 1;
      else counts.set(key, { res: resolutionOf.get(cell) ?? 0, cell, laden, portId, n: 1 });
    }
  }
  return [...counts.values()].sort(
    (a, b) =>
      (a.cell < b.cell ? -1 : a.cell > b.cell ? 1 : 0) ||
      Number(a.laden) - Number(b.laden) ||
      a.portId - b.portId,
  );
}

/** The first half of a track (at least one cell). */
export function firstHalf(cells: readonly string[]): readonly string[] {
  return cells.slice(0, Math.max(1, Math.ceil(cells.length / 2)));
}

export interface HoldoutAccuracy {
  top1: number;
  top3: number;
  evaluated: number;
}

/**
 * Top-1 and top-3 hit rates on the held-out voyages; `exclude` names the port that contains a
 * track's last cell (never predicted), when the caller knows port geometry.
 */
export function holdoutAccuracy(
  model: DestinationCountModel,
  holdout: readonly TrainingVoyage[],
  exclude: (cells: readonly string[]) => number | null = () => null,
): HoldoutAccuracy {
  let top1 = 0;
  let top3 = 0;
  for (const voyage of holdout) {
    const cells = firstHalf(voyage.cells);
    const result: DestinationDistribution = model.distribution({
      cells,
      laden: voyage.laden,
      excludePortId: exclude(cells),
    });
    const rank = result.scores.slice(0, 3).findIndex((s) => s.portId === voyage.destPortId);
    if (rank === 0) top1 += 1;
    if (rank >= 0) top3 += 1;
  }
  const n = holdout.length;
  return { top1: n > 0 ? top1 / n : 0, top3: n > 0 ? top3 / n : 0, evaluated: n };
}
