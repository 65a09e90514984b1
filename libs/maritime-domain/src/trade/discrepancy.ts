/**
 * Mirror discrepancy of a bilateral trade flow: the exporter's declared exports against the
 * importer's declared imports of the same commodity and year. Both sides report in million
 * tonnes; a gap between them points at misreporting, transshipment or undeclared cargo.
 */

export type DiscrepancyStatus = 'consistent' | 'minor' | 'significant' | 'major' | 'missing_mirror';

export const DISCREPANCY_STATUSES: readonly DiscrepancyStatus[] = [
  'consistent',
  'minor',
  'significant',
  'major',
  'missing_mirror',
];

/** Lower bounds (inclusive, on the rounded percentage) of each status above `consistent`. */
export const DISCREPANCY_THRESHOLDS = { minor: 5, significant: 15, major: 30 } as const;

export interface MirrorDiscrepancy {
  /** 100·|exported − imported| / max(exported, imported), 2 decimals; 100 for a missing mirror. */
  discrepancy_pct: number;
  status: DiscrepancyStatus;
}

/**
 * Rounds half up to 2 decimals. The scaled value is first cut to 12 significant digits, so that
 * binary noise (1.005 × 100 = 100.49999999999999) does not decide the rounding.
 */
export function roundDiscrepancyPct(value: number): number {
  return Math.round(Number((value * 100).toPrecision(12))) / 100;
}

function isMissing(value: number | null | undefined): boolean {
  return value === null || value === undefined || !Number.isFinite(value) || value === 0;
}

/** The status band of a rounded discrepancy percentage (a side that is absent is handled apart). */
export function discrepancyStatus(pct: number): Exclude<DiscrepancyStatus, 'missing_mirror'> {
  if (pct < DISCREPANCY_THRESHOLDS.minor) return 'consistent';
  if (pct < DISCREPANCY_THRESHOLDS.significant) return 'minor';
  if (pct < DISCREPANCY_THRESHOLDS.major) return 'significant';
  return 'major';
}

/**
 * The discrepancy of one flow. Either side 0, null or absent is a missing mirror (pct 100): one
 * country reports a trade the other does not. The status is banded on the rounded percentage, so
 * a client that sees `discrepancy_pct` can always re-derive `status` from it.
 * Throws RangeError on a negative tonnage.
 */
export function mirrorDiscrepancy(
  exported: number | null | undefined,
  imported: number | null | undefined,
): MirrorDiscrepancy {
  if ((exported ?? 0) < 0 || (imported ?? 0) < 0)
    throw new RangeError('trade tonnages are never negative');
  if (isMissing(exported) || isMissing(imported))
    return { discrepancy_pct: 100, status: 'missing_mirror' };
  const e = exported as number;
  const i = imported as number;
  const pct = roundDiscrepancyPct((100 * Math.abs(e - i)) / Math.max(e, i));
  return { discrepancy_pct: pct, status: discrepancyStatus(pct) };
}
