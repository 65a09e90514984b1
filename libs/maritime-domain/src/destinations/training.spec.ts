import { cellToParent, gridDisk, latLngToCell } from 'h3-js';
import { DestinationCountModel } from './count-model';
import { countDestinations, firstHalf, holdoutAccuracy, splitHoldout } from './training';
import type { TrainingVoyage } from './training';

const X = latLngToCell(30, -40, 8);
const Z = latLngToCell(10, -20, 8);
const day = (d: number) => new Date(Date.UTC(2026, 0, d));

describe('destination training', () => {
  it('counts each distinct parent once per voyage, plus the prior', () => {
    const near = gridDisk(X, 1); // 7 res-8 cells, almost surely one res-4 parent
    const rows = countDestinations([
      { cells: [...near, X, X], laden: true, destPortId: 7, departedAt: day(1) },
      { cells: [X], laden: true, destPortId: 7, departedAt: day(2) },
    ]);
    const prior = rows.find((r) => r.res === 0);
    expect(prior).toEqual({ res: 0, cell: '*', laden: true, portId: 7, n: 2 });
    const x4 = rows.find((r) => r.res === 4 && r.cell === cellToParent(X, 4));
    expect(x4?.n).toBe(2);
    const res5 = new Set(near.map((c) => cellToParent(c, 5)));
    expect(rows.filter((r) => r.res === 5).reduce((s, r) => s + r.n, 0)).toBe(res5.size + 1);
  });

  it('returns rows in key order: the prior first, then by cell, laden, port', () => {
    const rows = countDestinations([
      { cells: [Z, X], laden: true, destPortId: 9, departedAt: day(1) },
      { cells: [X], laden: false, destPortId: 3, departedAt: day(2) },
      { cells: [X], laden: true, destPortId: 3, departedAt: day(3) },
    ]);
    expect(rows[0]).toMatchObject({ res: 0, cell: '*' });
    const keys = rows.map((r) => [r.cell, Number(r.laden), r.portId] as const);
    const sorted = [...keys].sort(
      (a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0) || a[1] - b[1] || a[2] - b[2],
    );
    expect(keys).toEqual(sorted);
    expect(rows.filter((r) => r.res === 4).every((r) => r.cell[1] === '4')).toBe(true);
    expect(rows.filter((r) => r.res === 5)).toHaveLength(4); // X: 3 (state, port) pairs; Z: 1
  });

  it('holds out the latest 10 % by departure', () => {
    const voyages: TrainingVoyage[] = Array.from({ length: 25 }, (_, i) => ({
      cells: [X],
      laden: true,
      destPortId: 1,
      departedAt: day(25 - i),
    }));
    const { train, holdout } = splitHoldout(voyages);
    expect(train).toHaveLength(23);
    expect(holdout.map((v) => v.departedAt.getUTCDate())).toEqual([24, 25]);
    expect(splitHoldout(voyages.slice(0, 9)).holdout).toHaveLength(0);
  });

  it('predicts from the first half of each held-out track, with its laden state', () => {
    expect(firstHalf(['a', 'b', 'c'])).toEqual(['a', 'b']);
    expect(firstHalf(['a'])).toEqual(['a']);
    const train: TrainingVoyage[] = [
      ...Array.from({ length: 6 }, () => ({
        cells: [X],
        laden: true,
        destPortId: 1,
        departedAt: day(1),
      })),
      ...Array.from({ length: 5 }, () => ({
        cells: [Z],
        laden: false,
        destPortId: 2,
        departedAt: day(1),
      })),
    ];
    const model = new DestinationCountModel(countDestinations(train));
    const accuracy = holdoutAccuracy(model, [
      { cells: [X, Z], laden: true, destPortId: 1, departedAt: day(2) }, // first half [X] → 1 ✓
      { cells: [Z, X], laden: true, destPortId: 1, departedAt: day(2) }, // first half [Z] → 2 ✗
    ]);
    expect(accuracy).toEqual({ top1: 0.5, top3: 0.5, evaluated: 2 });
  });
});
