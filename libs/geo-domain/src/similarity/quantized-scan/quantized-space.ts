// The declarations are global (a script, not a module), so an import cannot pull them in when an
// app's typecheck reaches this file through a path alias; a reference can.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./webassembly.d.ts" />
import type { VectorSpace } from '../top-k';
import { INT8_DOT_WASM_BASE64 } from './int8-dot.wasm';

/**
 * An int8 copy of a 64-d VectorSpace that narrows an exact top-k search to a few hundred
 * candidate rows, which the caller then ranks with the exact float scan.
 *
 * Why: an exact JS scan of 1M × 64 float32 reads 256 MB and is bound by scalar arithmetic
 * (~70 ms). The int8 copy is a quarter of the bytes and its dot products run 16 lanes at a time
 * in WebAssembly SIMD. Nothing is approximated in the answer: every row gets a provable interval
 * around its int8 estimate, and only rows whose interval cannot reach the k-th best are dropped.
 *
 * The bound, per row x (unit float32) with scale sₓ and codes x̂ = round(x / sₓ), and query q
 * with scale s_q and codes q̂:
 *   q·x = s_q·sₓ·(q̂·x̂) + (q − s_q·q̂)·(sₓ·x̂) + q·(x − sₓ·x̂)
 *   |q·x − center| ≤ ‖q − s_q·q̂‖·‖sₓ·x̂‖ + ‖q‖·‖x − sₓ·x̂‖        (Cauchy–Schwarz)
 * bounded over all rows with the largest ‖sₓ·x̂‖ and ‖x − sₓ·x̂‖, plus a margin for the float32
 * arithmetic of the kernel (the integer sum itself is exact).
 */
export const QUANTIZED_DIMS = 64;

/** Covers float32 rounding of the kernel's two multiplications (relative 2⁻²³ each, |c| ≲ 1). */
const FLOAT_MARGIN = 1e-6;

let kernelModule: WebAssembly.Module | undefined;

/** Compiled once per process; each space instantiates it over its own memory. */
function int8DotModule(): WebAssembly.Module {
  kernelModule ??= new WebAssembly.Module(Buffer.from(INT8_DOT_WASM_BASE64, 'base64'));
  return kernelModule;
}

type CentersKernel = (
  codes: number,
  rows: number,
  query: number,
  scales: number,
  scaleQ: number,
  out: number,
) => void;

const PAGE = 65_536;

function align16(bytes: number): number {
  return Math.ceil(bytes / 16) * 16;
}

export class QuantizedSpace {
  /** Largest ‖sₓ·x̂‖ and ‖x − sₓ·x̂‖ over the rows (the per-query bound uses both). */
  readonly maxCodeNorm: number;
  readonly maxResidual: number;
  private readonly kernel: CentersKernel;
  private readonly codes: Int8Array;
  /** sₓ per row as float32 (what the kernel multiplies by); NaN for rows without a vector. */
  private readonly scales: Float32Array;
  private readonly queryCodes: Int8Array;
  /** Kernel output: the int8 estimate of each row's dot product with the last query. */
  readonly centers: Float32Array;
  private readonly offsets: { scales: number; query: number; centers: number };

  constructor(space: VectorSpace) {
    if (space.dims !== QUANTIZED_DIMS) {
      throw new RangeError(`QuantizedSpace needs ${QUANTIZED_DIMS}-d vectors, got ${space.dims}`);
    }
    const n = space.present.length;
    const codesBytes = align16(n * QUANTIZED_DIMS);
    const scales = codesBytes;
    const query = align16(scales + n * 4);
    const centers = query + QUANTIZED_DIMS;
    const total = centers + n * 4;
    const memory = new WebAssembly.Memory({ initial: Math.max(1, Math.ceil(total / PAGE)) });
    const instance = new WebAssembly.Instance(int8DotModule(), { env: { memory } });
    this.kernel = instance.exports['centers'] as CentersKernel;
    this.offsets = { scales, query, centers };
    this.codes = new Int8Array(memory.buffer, 0, n * QUANTIZED_DIMS);
    this.scales = new Float32Array(memory.buffer, scales, n);
    this.queryCodes = new Int8Array(memory.buffer, query, QUANTIZED_DIMS);
    this.centers = new Float32Array(memory.buffer, centers, n);

    let maxCodeNorm = 0;
    let maxResidual = 0;
    for (let row = 0; row < n; row++) {
      if (space.present[row] === 0) {
        this.scales[row] = NaN;
        continue;
      }
      const base = row * QUANTIZED_DIMS;
      const scale = quantize(space.data, base, this.codes, base);
      this.scales[row] = scale;
      const { codeNorm, residual } = errorOf(space.data, base, this.codes, base, this.scales[row]);
      if (codeNorm > maxCodeNorm) maxCodeNorm = codeNorm;
      if (residual > maxResidual) maxResidual = residual;
    }
    this.maxCodeNorm = maxCodeNorm;
    this.maxResidual = maxResidual;
  }

  /**
   * Fills `centers` for rows [start, end) with the int8 estimate of their dot product with
   * `query` (a unit float32 vector) and returns the half-width of the interval around each
   * estimate that holds the exact dot product.
   */
  estimate(query: Float32Array, start: number, end: number): number {
    const scaleQ = quantize(query, 0, this.queryCodes, 0);
    const { codeNorm: queryNorm, residual: queryResidual } = errorOf(
      query,
      0,
      this.queryCodes,
      0,
      Math.fround(scaleQ),
    );
    // ‖q‖ from its codes is ‖s_q·q̂‖ ± residual; the bound needs ‖q‖ itself, so take the larger.
    const norm = queryNorm + queryResidual;
    if (end > start && scaleQ > 0) {
      this.kernel(
        start * QUANTIZED_DIMS,
        end - start,
        this.offsets.query,
        this.offsets.scales + start * 4,
        scaleQ,
        this.offsets.centers + start * 4,
      );
    } else {
      this.centers.fill(0, start, end);
    }
    return queryResidual * this.maxCodeNorm + norm * this.maxResidual + FLOAT_MARGIN;
  }
}

/**
 * Writes round(v / s) for the 64 values at `from` into `codes` at `to` with s = max|v| / 127
 * (rounded to float32, the scale the kernel uses); returns s (0 for a zero vector).
 */
function quantize(values: Float32Array, from: number, codes: Int8Array, to: number): number {
  let max = 0;
  for (let j = 0; j < QUANTIZED_DIMS; j++) {
    const a = Math.abs(values[from + j]);
    if (a > max) max = a;
  }
  const scale = Math.fround(max / 127);
  for (let j = 0; j < QUANTIZED_DIMS; j++) {
    const code = scale > 0 ? Math.round(values[from + j] / scale) : 0;
    codes[to + j] = code > 127 ? 127 : code < -127 ? -127 : code;
  }
  return scale;
}

/** ‖s·ĉ‖ and ‖v − s·ĉ‖ in float64 for the 64 values at `from` and their codes. */
function errorOf(
  values: Float32Array,
  from: number,
  codes: Int8Array,
  to: number,
  scale: number,
): { codeNorm: number; residual: number } {
  let codeNorm = 0;
  let residual = 0;
  for (let j = 0; j < QUANTIZED_DIMS; j++) {
    const approx = scale * codes[to + j];
    const diff = values[from + j] - approx;
    codeNorm += approx * approx;
    residual += diff * diff;
  }
  return { codeNorm: Math.sqrt(codeNorm), residual: Math.sqrt(residual) };
}
