import { linearPredict, ridgeFit, solveLinearSystem } from './ridge';

describe('ridge closed form', () => {
  it('solves (XᵀX + λI)β = Xᵀy on a hand-solved example', () => {
    // X = [1 0; 1 1; 1 2], y = [1 2 4], λ = 1: XᵀX + I = [4 3; 3 6], Xᵀy = [7 10],
    // det 15, β = [(42 − 30)/15, (40 − 21)/15] = [0.8, 19/15].
    const beta = ridgeFit(
      [
        [1, 0],
        [1, 1],
        [1, 2],
      ],
      [1, 2, 4],
      1,
    );
    expect(beta[0]).toBeCloseTo(0.8, 12);
    expect(beta[1]).toBeCloseTo(19 / 15, 12);
    expect(linearPredict(beta, [1, 3])).toBeCloseTo(0.8 + 57 / 15, 12);
  });

  it('gives β = 0 without rows, since only λI is left', () => {
    expect(ridgeFit([], [], 1, 3)).toEqual([0, 0, 0]);
  });

  it('pivots past a zero on the diagonal', () => {
    const x = solveLinearSystem(
      [
        [0, 1],
        [2, 0],
      ],
      [3, 4],
    );
    expect(x).toEqual([2, 3]);
  });

  it('refuses a singular system and a non-positive λ', () => {
    expect(() =>
      solveLinearSystem(
        [
          [1, 2],
          [2, 4],
        ],
        [1, 2],
      ),
    ).toThrow(RangeError);
    expect(() => ridgeFit([[1]], [1], 0)).toThrow(RangeError);
  });
});
