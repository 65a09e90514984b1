/**
 * Carbon Intensity Indicator rating against our own fleet: a vessel's annual AER divided by the
 * median annual AER of vessels of its type in the same year, banded A (best) to E. This is not
 * the regulatory reference line; it ranks vessels within the fleet we track.
 */

export type CiiRating = 'A' | 'B' | 'C' | 'D' | 'E';

/** Upper bounds (inclusive) of the ratio for A to D; above the last is E. */
export const CII_BANDS: readonly { rating: CiiRating; max: number }[] = [
  { rating: 'A', max: 0.86 },
  { rating: 'B', max: 0.94 },
  { rating: 'C', max: 1.06 },
  { rating: 'D', max: 1.18 },
];

export function ciiRating(ratio: number): CiiRating {
  for (const band of CII_BANDS) if (ratio <= band.max) return band.rating;
  return 'E';
}

/** The median of a non-empty list (the mean of the middle two for an even count). */
export function fleetMedian(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Annual AER: the year's grams of CO2 over the year's dwt-miles. Null without either. */
export function annualAer(co2T: number, dwt: number | null, distanceNm: number): number | null {
  if (dwt === null || !(dwt > 0) || !(distanceNm > 0)) return null;
  return (co2T * 1e6) / (dwt * distanceNm);
}

export interface CiiSubject {
  key: string;
  vessel_type: string;
  aer: number | null;
}

export interface CiiResult {
  ratio: number | null;
  rating: CiiRating | null;
}

/**
 * Rates every subject (one vessel-year each, all of one year) against the median AER of its
 * type among the subjects. Pass the whole fleet of the year, not a filtered part, or the
 * medians move. A vessel without an AER, or a type whose median is 0, is unrated.
 */
export function rateCii(subjects: readonly CiiSubject[]): Map<string, CiiResult> {
  const byType = new Map<string, number[]>();
  for (const s of subjects)
    if (s.aer !== null) byType.set(s.vessel_type, [...(byType.get(s.vessel_type) ?? []), s.aer]);
  const medians = new Map<string, number>();
  for (const [type, values] of byType) medians.set(type, fleetMedian(values));
  const results = new Map<string, CiiResult>();
  for (const s of subjects) {
    const reference = medians.get(s.vessel_type);
    if (s.aer === null || reference === undefined || reference <= 0) {
      results.set(s.key, { ratio: null, rating: null });
      continue;
    }
    const ratio = s.aer / reference;
    results.set(s.key, { ratio, rating: ciiRating(ratio) });
  }
  return results;
}
