/**
 * Per-cell raw-feature formulae (see docs/geo-scoring/scoring-engine.md#raw-features), as pure
 * functions of counts and tract values. The SQL layer gathers the counts (windows:
 * licences/permits/incidents 365 d, activity and transactions 90 d, detections 90 d); the
 * metro-level assembly that needs z-scores lives in `metro-raw-features.ts`.
 */

function assertNonNegative(name: string, value: number): void {
  if (!Number.isFinite(value) || value < 0) {
    throw new RangeError(`${name} must be a finite number ≥ 0, got ${value}`);
  }
}

/** ln(1 + x) for a count or an amount; Math.log1p keeps precision for small x. */
export function ln1p(name: string, value: number): number {
  assertNonNegative(name, value);
  return Math.log1p(value);
}

/** ln(1+active) + ln(1+opened in (D−365, D]) − 0.5·ln(1+closed in that window). Never null. */
export function businessVitality(active: number, opened: number, closed: number): number {
  return ln1p('active', active) + ln1p('opened', opened) - 0.5 * ln1p('closed', closed);
}

/** ln(1 + permit value filed 365 d) + 0.5·ln(1 + sqft of detections seen within 90 d). */
export function developmentPipeline(permitValue: number, detectionSqft: number): number {
  return ln1p('permitValue', permitValue) + 0.5 * ln1p('detectionSqft', detectionSqft);
}

/** ln(1 + visits + checkins + reviews, 90 d). Transactions feed economic_strength instead. */
export function amenityDemand(visits: number, checkins: number, reviews: number): number {
  assertNonNegative('visits', visits);
  assertNonNegative('checkins', checkins);
  assertNonNegative('reviews', reviews);
  return Math.log1p(visits + checkins + reviews);
}

/** Below this many residents a per-capita crime rate is noise, so safety is null (§2.1). */
export const MIN_POPULATION_FOR_SAFETY = 100;

/** −(Σ incident magnitude 365 d per 1,000 residents); null when population < 100. */
export function safetyEnvironment(magnitudeSum: number, population: number): number | null {
  assertNonNegative('magnitudeSum', magnitudeSum);
  assertNonNegative('population', population);
  if (population < MIN_POPULATION_FOR_SAFETY) return null;
  // `0 -` rather than unary minus so a zero rate is +0, not −0.
  return 0 - (magnitudeSum / population) * 1000;
}

/** count per 1,000 residents; null when nobody lives in the cell (rate undefined). */
export function perThousandResidents(count: number, population: number): number | null {
  assertNonNegative('count', count);
  assertNonNegative('population', population);
  return population > 0 ? (count / population) * 1000 : null;
}

/** A tract's contribution to one cell (cell_tracts row joined with tracts). */
export interface CellTractShare {
  /** cell_tracts.weight: share of the tract's population living in the cell. */
  weight: number;
  population: number;
  population5yAgo: number;
  medianHouseholdIncome: number | null;
  pctBachelors: number | null;
  jobs: number;
  /** Number of cells the tract touches; its jobs are split evenly over them (§2.1). */
  cellCount: number;
}

/**
 * Population-weighted mean of `value` over the cell's tracts; the weight of a tract is the number
 * of its residents living in the cell (population × share). Null values are skipped; when the
 * weights sum to 0 (empty tracts) the plain mean is used so the cell still gets a value. Null
 * when no tract has a value.
 */
export function populationWeightedMean(
  tracts: readonly CellTractShare[],
  value: (tract: CellTractShare) => number | null,
): number | null {
  let weighted = 0;
  let weightSum = 0;
  let plain = 0;
  let count = 0;
  for (const tract of tracts) {
    const v = value(tract);
    if (v === null) continue;
    const w = tract.population * tract.weight;
    weighted += w * v;
    weightSum += w;
    plain += v;
    count += 1;
  }
  if (count === 0) return null;
  return weightSum > 0 ? weighted / weightSum : plain / count;
}

/**
 * Pop-weighted tract growth (pop / pop_5y_ago − 1). A tract without a 5-year-old population
 * (0) has no measurable growth and counts as 0 rather than +∞. Null when the cell has no tract.
 */
export function tractGrowth(tracts: readonly CellTractShare[]): number | null {
  return populationWeightedMean(tracts, (t) =>
    t.population5yAgo > 0 ? t.population / t.population5yAgo - 1 : 0,
  );
}

/** Jobs in the cell = Σ tract jobs / cells of that tract (even split, §2.1). */
export function jobsInCell(tracts: readonly CellTractShare[]): number {
  let jobs = 0;
  for (const tract of tracts) {
    if (tract.cellCount <= 0) {
      throw new RangeError(`tract cellCount must be ≥ 1, got ${tract.cellCount}`);
    }
    jobs += tract.jobs / tract.cellCount;
  }
  return jobs;
}

/**
 * z-standardisation within one metro and resolution: (x − mean) / σ with the population σ over
 * the non-null values. σ = 0 (all equal, or a single value) gives 0 for every value rather than
 * NaN. Nulls stay null and do not count in the mean or σ.
 */
export function zScores(values: readonly (number | null)[]): (number | null)[] {
  let sum = 0;
  let n = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v === null) continue;
    if (!Number.isFinite(v)) throw new RangeError(`z-score of a non-finite value: ${v}`);
    sum += v;
    n += 1;
    min = Math.min(min, v);
    max = Math.max(max, v);
  }
  if (n === 0) return values.map(() => null);
  // Test equality directly: a floating mean of equal values can be off by an ulp, which would
  // turn σ ≈ 1e-17 into z = ±1 noise instead of 0.
  if (min === max) return values.map((v) => (v === null ? null : 0));
  const mean = sum / n;
  let squares = 0;
  for (const v of values) {
    if (v !== null) squares += (v - mean) ** 2;
  }
  const sigma = Math.sqrt(squares / n);
  return values.map((v) => (v === null ? null : (v - mean) / sigma));
}
