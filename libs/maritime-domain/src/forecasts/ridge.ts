/**
 * Ridge regression in closed form: β solves (XᵀX + λI)β = Xᵀy. The systems here are 11 × 11, so
 * Gaussian elimination with partial pivoting is exact enough and needs no library.
 */

/** Solves A·x = b for a square, non-singular A (copied, not modified). */
export function solveLinearSystem(
  a: readonly (readonly number[])[],
  b: readonly number[],
): number[] {
  const n = b.length;
  if (a.length !== n || a.some((row) => row.length !== n))
    throw new RangeError('solveLinearSystem needs a square matrix matching b');
  const m = a.map((row, i) => [...row, b[i] as number]);
  for (let col = 0; col < n; col += 1) {
    let pivot = col;
    for (let row = col + 1; row < n; row += 1)
      if (
        Math.abs((m[row] as number[])[col] as number) >
        Math.abs((m[pivot] as number[])[col] as number)
      )
        pivot = row;
    const pivotRow = m[pivot] as number[];
    if (Math.abs(pivotRow[col] as number) < 1e-12) throw new RangeError('singular system');
    [m[col], m[pivot]] = [pivotRow, m[col] as number[]];
    const top = m[col] as number[];
    for (let row = col + 1; row < n; row += 1) {
      const current = m[row] as number[];
      const factor = (current[col] as number) / (top[col] as number);
      if (factor === 0) continue;
      for (let k = col; k <= n; k += 1)
        current[k] = (current[k] as number) - factor * (top[k] as number);
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let row = n - 1; row >= 0; row -= 1) {
    const current = m[row] as number[];
    let sum = current[n] as number;
    for (let k = row + 1; k < n; k += 1) sum -= (current[k] as number) * (x[k] as number);
    x[row] = sum / (current[row] as number);
  }
  return x;
}

/**
 * Ridge coefficients for rows X (each of the same width p) and targets y: (XᵀX + λI)β = Xᵀy.
 * Every coefficient is penalised, the intercept column included; with λ > 0 the system is always
 * solvable, even with fewer rows than columns (no rows at all gives β = 0).
 */
export function ridgeFit(
  x: readonly (readonly number[])[],
  y: readonly number[],
  lambda: number,
  width?: number,
): number[] {
  const p = width ?? x[0]?.length ?? 0;
  if (!(lambda > 0)) throw new RangeError('ridge needs λ > 0');
  const xtx = Array.from({ length: p }, (_, i) =>
    Array.from({ length: p }, (_, j) => (i === j ? lambda : 0)),
  );
  const xty = new Array<number>(p).fill(0);
  x.forEach((row, r) => {
    const target = y[r] as number;
    for (let i = 0; i < p; i += 1) {
      const xi = row[i] as number;
      if (xi === 0) continue;
      xty[i] = (xty[i] as number) + xi * target;
      const out = xtx[i] as number[];
      for (let j = 0; j < p; j += 1) out[j] = (out[j] as number) + xi * (row[j] as number);
    }
  });
  return solveLinearSystem(xtx, xty);
}

/** β·x. */
export function linearPredict(beta: readonly number[], x: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < beta.length; i += 1) sum += (beta[i] as number) * (x[i] as number);
  return sum;
}
