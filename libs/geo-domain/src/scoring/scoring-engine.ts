import { createHash } from 'node:crypto';
import { percentRankSignals } from './percent-rank';
import { round2, round3, toHundredths } from './rounding';
import {
  mapSignalGroups,
  SIGNAL_GROUPS,
  SIGNAL_WEIGHT_HUNDREDTHS,
  SIGNAL_WEIGHTS,
  SignalGroup,
  SignalVector,
} from './signal-groups';

/**
 * Scoring engine `engine-v1` (see docs/geo-scoring/scoring-engine.md#engine-v1): raw features →
 * per-metro percent-rank signals → weighted composite and confidence. Pure: the score-refresh job
 * feeds it rows and persists the result; the same code runs in the seed's snapshot replay.
 */

export const ENGINE_VERSION = 'engine-v1';
export const PERCENTILE_METHOD = 'percent_rank';

/** Look-back windows in days; part of the fingerprint, so changing one is a material change. */
export const ENGINE_WINDOWS = {
  licences: 365,
  permits: 365,
  incidents: 365,
  activity: 90,
  transactions: 90,
  detections: 90,
} as const;

/** n at which the volume factor saturates: log10(1 + 200) / log10(201) = 1. */
const VOLUME_SATURATION = 200;

export interface CellFeatures {
  h3Index: string;
  metroSlug: string;
  /** Raw features per group; null = group not applicable to the cell. */
  raw: SignalVector;
  /** active licences + permits 365 d + incidents 365 d + activity 90 d in the cell. */
  volumeCount: number;
}

export interface CellScore {
  h3Index: string;
  metroSlug: string;
  /** 2 decimals; null only if every group is null (cannot happen with engine-v1 inputs). */
  composite: number | null;
  /** 3 decimals, in [0, 1]. */
  confidence: number;
  /** 2 decimals each, in [0, 100]; null where the raw feature was null. */
  signals: SignalVector;
}

/**
 * Σ wᵍ·sᵍ / Σ wᵍ over the non-null groups, rounded to 2 decimals. It is computed from the signals
 * as stored (2 decimals), so anyone can recompute a composite from a cell_scores row.
 */
export function compositeOf(signals: SignalVector): number | null {
  let weighted = 0;
  let weightSum = 0;
  for (const group of SIGNAL_GROUPS) {
    const s = signals[group];
    if (s === null) continue;
    weighted += SIGNAL_WEIGHT_HUNDREDTHS[group] * s;
    weightSum += SIGNAL_WEIGHT_HUNDREDTHS[group];
  }
  return weightSum === 0 ? null : round2(weighted / weightSum);
}

/** Σ of the weights of the non-null groups (exact: summed in hundredths). */
export function coverageOf(signals: SignalVector): number {
  let hundredths = 0;
  for (const group of SIGNAL_GROUPS) {
    if (signals[group] !== null) hundredths += SIGNAL_WEIGHT_HUNDREDTHS[group];
  }
  return hundredths / 100;
}

/** min(1, log10(1+n) / log10(201)): confidence grows with evidence and saturates at n = 200. */
export function volumeOf(n: number): number {
  if (!Number.isFinite(n) || n < 0) {
    throw new RangeError(`volume count must be a finite number ≥ 0, got ${n}`);
  }
  return Math.min(1, Math.log10(1 + n) / Math.log10(1 + VOLUME_SATURATION));
}

/** coverage × volume, 3 decimals. */
export function confidenceOf(signals: SignalVector, volumeCount: number): number {
  return round3(coverageOf(signals) * volumeOf(volumeCount));
}

/**
 * Scores the cells of ONE metro: each group is percent-ranked among the metro's cells (nulls
 * excluded). Output order = input order.
 */
export function scoreMetro(cells: readonly CellFeatures[]): CellScore[] {
  const ranked = {} as Record<SignalGroup, (number | null)[]>;
  for (const group of SIGNAL_GROUPS) {
    ranked[group] = percentRankSignals(cells.map((c) => c.raw[group]));
  }
  return cells.map((cell, i) => {
    const signals = mapSignalGroups((group) => ranked[group][i]);
    return {
      h3Index: cell.h3Index,
      metroSlug: cell.metroSlug,
      composite: compositeOf(signals),
      confidence: confidenceOf(signals, cell.volumeCount),
      signals,
    };
  });
}

/** Scores cells of any number of metros; ranks never cross a metro. Output order = input order. */
export function scoreCells(cells: readonly CellFeatures[]): CellScore[] {
  const byMetro = new Map<string, number[]>();
  cells.forEach((cell, i) => {
    const indexes = byMetro.get(cell.metroSlug) ?? [];
    indexes.push(i);
    byMetro.set(cell.metroSlug, indexes);
  });
  const out = new Array<CellScore>(cells.length);
  for (const indexes of byMetro.values()) {
    const scored = scoreMetro(indexes.map((i) => cells[i]));
    indexes.forEach((cellIndex, k) => {
      out[cellIndex] = scored[k];
    });
  }
  return out;
}

/** JSON with object keys sorted at every level and no whitespace: a stable hash input. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    return `[${value.map((v) => canonicalJson(v)).join(',')}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  const json = JSON.stringify(value);
  if (json === undefined) {
    throw new TypeError(`value is not JSON-serialisable: ${String(value)}`);
  }
  return json;
}

export interface EngineParameters {
  engine_version: string;
  weights: Readonly<Record<string, number>>;
  windows: Readonly<Record<string, number>>;
  percentile_method: string;
}

export const ENGINE_PARAMETERS: EngineParameters = {
  engine_version: ENGINE_VERSION,
  weights: SIGNAL_WEIGHTS,
  windows: ENGINE_WINDOWS,
  percentile_method: PERCENTILE_METHOD,
};

/**
 * SHA-256 (lowercase hex) of the canonical JSON of the engine parameters. A different value
 * from the last classifier run's is a "material scoring-engine change" (re-run robustness).
 */
export function engineFingerprint(parameters: EngineParameters = ENGINE_PARAMETERS): string {
  return createHash('sha256').update(canonicalJson(parameters), 'utf8').digest('hex');
}

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function assertDate(name: string, value: string): void {
  if (!DATE_PATTERN.test(value)) {
    throw new RangeError(`${name} must be YYYY-MM-DD, got ${JSON.stringify(value)}`);
  }
}

/**
 * Whether a raw record dated `recordDate` is "new" for a refresh as of `asOf`: it lies in
 * (previousAsOf, asOf]. With no previous run every record up to asOf is new. YYYY-MM-DD strings
 * compare correctly as strings.
 */
export function isInRefreshWindow(
  recordDate: string,
  previousAsOf: string | null,
  asOf: string,
): boolean {
  assertDate('recordDate', recordDate);
  assertDate('asOf', asOf);
  if (previousAsOf !== null) assertDate('previousAsOf', previousAsOf);
  return (previousAsOf === null || recordDate > previousAsOf) && recordDate <= asOf;
}

/** Minimum composite move (points) that earns a snapshot on its own. */
export const TOUCH_COMPOSITE_DELTA = 0.5;

export interface TouchInput {
  /** The cell's last snapshot, or null when it has none (first scoring). */
  lastSnapshot: { composite: number | null } | null;
  composite: number | null;
  /** The cell has raw records dated in (previous as_of, D] (see isInRefreshWindow). */
  hasNewRawRecords: boolean;
}

/**
 * Touched cells get a snapshot for D (see docs/geo-scoring/scoring-engine.md#score-refresh): first
 * scoring, or new raw records, or |Δcomposite| ≥ 0.5 vs the last snapshot. Δ is taken on the
 * 2-decimal values in integer hundredths, so a move of exactly 0.50 always counts. A composite
 * appearing or disappearing (null on one side only) counts as a change.
 */
export function isTouched(input: TouchInput): boolean {
  const { lastSnapshot, composite, hasNewRawRecords } = input;
  if (lastSnapshot === null || hasNewRawRecords) return true;
  const last = lastSnapshot.composite;
  if (last === null || composite === null) return last !== composite;
  return (
    Math.abs(toHundredths(composite) - toHundredths(last)) >=
    Math.round(TOUCH_COMPOSITE_DELTA * 100)
  );
}
