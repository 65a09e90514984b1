import { cellToChildren, cellToParent, latLngToCell } from 'h3-js';
import {
  collapseConsecutive,
  destinationCellWeight,
  DestinationCountModel,
  type DestinationCountRow,
} from './count-model';

const X = latLngToCell(30, -40, 8);
const Y = latLngToCell(20, -30, 8);
const Z = latLngToCell(10, -20, 8);
const R = 1;
const S = 2;
const T = 3;

/** Counts at both resolutions for `cell`, as training would store them. */
function at(cell: string, laden: boolean, portId: number, n: number): DestinationCountRow[] {
  return [5, 4].map((res) => ({ res, cell: cellToParent(cell, res), laden, portId, n }));
}

const rows: DestinationCountRow[] = [
  ...at(X, true, R, 6),
  ...at(X, false, R, 2),
  ...at(X, true, S, 1),
  ...at(X, false, S, 3),
  ...at(Y, true, T, 4), // 4 voyages: below the 5-voyage threshold
  ...at(Z, true, T, 5),
  { res: 0, cell: '*', laden: true, portId: R, n: 6 },
  { res: 0, cell: '*', laden: false, portId: R, n: 2 },
  { res: 0, cell: '*', laden: true, portId: S, n: 1 },
  { res: 0, cell: '*', laden: false, portId: S, n: 3 },
  { res: 0, cell: '*', laden: true, portId: T, n: 9 },
];
const model = new DestinationCountModel(rows);
const probabilities = (result: { scores: { portId: number; probability: number }[] }) =>
  Object.fromEntries(result.scores.map((s) => [s.portId, Number(s.probability.toFixed(6))]));

describe('destination count model', () => {
  it('weighs cell i of n by 0.5^((n − i)/32)', () => {
    expect(destinationCellWeight(10, 10)).toBe(1);
    expect(destinationCellWeight(1, 33)).toBeCloseTo(0.5, 12);
    expect(destinationCellWeight(1, 2)).toBeCloseTo(0.978572, 6);
  });

  it('collapses consecutive duplicates only', () => {
    expect(collapseConsecutive(['a', 'a', 'b', 'a', 'a'])).toEqual(['a', 'b', 'a']);
  });

  it('uses both laden states when the state is unknown: n(p)/N at one cell', () => {
    const result = model.distribution({ cells: [X], laden: null });
    expect(probabilities(result)).toEqual({ [R]: 0.666667, [S]: 0.333333 });
    expect(result).toMatchObject({ cellsUsed: 1, cellsTotal: 1, fallback: false });
  });

  it('uses only the laden subset when it holds at least 3 voyages', () => {
    expect(probabilities(model.distribution({ cells: [X], laden: true }))).toEqual({
      [R]: 0.857143,
      [S]: 0.142857,
    });
    expect(probabilities(model.distribution({ cells: [X], laden: false }))).toEqual({
      [R]: 0.4,
      [S]: 0.6,
    });
    // Z has no ballast voyages (0 < 3): both states are used.
    expect(probabilities(model.distribution({ cells: [Z], laden: false }))).toEqual({ [T]: 1 });
  });

  it('sums weighted shares over cells: S(p) = Σ w_i·n_i(p)/N_i', () => {
    const result = model.distribution({ cells: [X, X, Z], laden: null });
    const w1 = 0.5 ** (1 / 32);
    const sR = (w1 * 8) / 12;
    const sS = (w1 * 4) / 12;
    const sT = 1;
    const sum = sR + sS + sT;
    expect(result.cellsTotal).toBe(2);
    expect(result.cellsUsed).toBe(2);
    expect(result.scores.map((s) => s.portId)).toEqual([T, R, S]);
    expect(result.scores[0]!.probability).toBeCloseTo(sT / sum, 12);
    expect(result.scores[1]!.probability).toBeCloseTo(sR / sum, 12);
    expect(result.scores[2]!.probability).toBeCloseTo(sS / sum, 12);
  });

  it('falls back to the res-4 parent when the res-5 parent is unknown', () => {
    const x5 = cellToParent(X, 5);
    const sibling = cellToChildren(cellToParent(X, 4), 8).find((c) => cellToParent(c, 5) !== x5)!;
    const result = model.distribution({ cells: [sibling], laden: null });
    expect(probabilities(result)).toEqual({ [R]: 0.666667, [S]: 0.333333 });
    expect(result.cellsUsed).toBe(1);
  });

  it('skips cells whose parents have fewer than 5 voyages, and uses the prior when none count', () => {
    const result = model.distribution({ cells: [Y], laden: null });
    expect(result).toMatchObject({ cellsUsed: 0, cellsTotal: 1, fallback: true });
    expect(probabilities(result)).toEqual({ [R]: 0.380952, [S]: 0.190476, [T]: 0.428571 });
    const laden = model.distribution({ cells: [Y], laden: true });
    expect(probabilities(laden)).toEqual({ [R]: 0.375, [S]: 0.0625, [T]: 0.5625 });
  });

  it('never predicts the excluded port, and falls back when it was the only one', () => {
    expect(
      probabilities(model.distribution({ cells: [X], laden: null, excludePortId: R })),
    ).toEqual({ [S]: 1 });
    const onlyT = model.distribution({ cells: [Z], laden: null, excludePortId: T });
    expect(onlyT.fallback).toBe(true);
    expect(probabilities(onlyT)).toEqual({ [R]: 0.666667, [S]: 0.333333 });
  });

  it('answers an empty list, with fallback, when it knows nothing', () => {
    expect(new DestinationCountModel([]).distribution({ cells: [X], laden: true })).toEqual({
      scores: [],
      cellsUsed: 0,
      cellsTotal: 1,
      fallback: true,
    });
  });
});
